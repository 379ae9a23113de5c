package dev.baton.nginx;

import java.io.IOException;
import java.io.UncheckedIOException;
import java.net.URI;
import java.net.http.HttpClient;
import java.net.http.HttpRequest;
import java.net.http.HttpResponse;
import java.time.Duration;
import java.time.Instant;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.Objects;
import java.util.Optional;
import java.util.concurrent.atomic.AtomicLong;
import java.util.function.IntFunction;
import java.util.function.ToLongFunction;
import java.util.stream.Stream;

import org.junit.jupiter.api.Test;
import tools.jackson.databind.JsonNode;

import dev.baton.contracts.Endpoint;
import dev.baton.contracts.ServiceName;
import dev.baton.kafka.testing.FreePorts;
import dev.baton.nginx.dataplane.ControlClient;
import dev.baton.nginx.dataplane.PeerCounters;
import dev.baton.nginx.dataplane.UpstreamCounters;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.within;
import static org.awaitility.Awaitility.await;

/**
 * Progressive delivery inside nginx, against a real nginx and a real broker: shares that
 * follow a canary's weight, slow start, the per-peer statistics nginx counts, and when
 * they are published as {@code PeerStats}. Subclasses choose the broker.
 */
abstract class ProgressiveDeliveryIntegrationTests extends NodeWorldTests {

	private static final Duration WAIT = Duration.ofSeconds(30);

	private static final ServiceName ORDERS = ServiceName.of("orders");

	private final HttpClient http = HttpClient.newBuilder().version(HttpClient.Version.HTTP_1_1).build();

	@Test
	void sharesFollowACanarysWeightNextToAFullPeerWithEitherBalancing() {
		UpstreamServer full = closeLater(new UpstreamServer());
		UpstreamServer canary = closeLater(new UpstreamServer());
		RunningNode node = this.world.node("node-a", "managed", List.of("orders", "payments"),
				"baton.nginx-control.routes.payments.balancing=least-in-flight");
		for (String service : List.of("orders", "payments")) {
			this.topics.up(service, full.endpoint());
			String admin = this.topics.gate(service, canary.endpoint(), "ADMIN", true);
			String health = this.topics.gate(service, canary.endpoint(), "HEALTH", true);
			String weighted = this.topics.gate(service, canary.endpoint(), "DEPLOY", true, 25);
			// a peer at weight 25 is up
			cameUp(admin, health, weighted);
			await().atMost(WAIT)
				.until(() -> node.peers(service).values().stream().filter(Boolean::booleanValue).count() == 2);
		}

		for (String service : List.of("orders", "payments")) {
			Map<String, Integer> served = send(node.listenPort(service), 2000, (i) -> "/");
			assertThat(served.getOrDefault(String.valueOf(canary.port()), 0) / 2000.0)
				.as("share of the canary at weight 25 next to a full peer (%s)", service)
				.isCloseTo(0.20, within(0.03));
		}
	}

	@Test
	void aPeerThatComesUpRampsFromATenthOfItsShareToAllOfItOverTheSlowStart() {
		UpstreamServer old = closeLater(new UpstreamServer());
		UpstreamServer fresh = closeLater(new UpstreamServer());
		RunningNode node = this.world.node("node-a", "managed", List.of("orders"),
				"baton.nginx-control.routes.orders.slow-start=8s");
		this.topics.up("orders", old.endpoint());
		await().atMost(WAIT).until(() -> Boolean.TRUE.equals(node.peers("orders").get(old.endpoint())));
		LoopingClients load = closeLater(new LoopingClients(node.listenPort("orders"), 4));
		// The old peer slow-starts too, alone: it gets every request, and its ramp is
		// over
		// before the fresh peer comes up.
		await().pollDelay(Duration.ofMillis(8500)).atMost(WAIT).until(() -> load.succeeded() > 0);

		String admin = this.topics.gate("orders", fresh.endpoint(), "ADMIN", true);
		String health = this.topics.gate("orders", fresh.endpoint(), "HEALTH", true);
		JsonNode answer = cameUp(admin, health);
		Instant applied = Instant.now();
		Window early = Window.of(load, fresh, old);
		await().pollDelay(Duration.ofSeconds(1)).atMost(WAIT).until(() -> true);
		double earlyShare = early.freshShare();
		await().atMost(WAIT).until(() -> Instant.now().isAfter(applied.plusMillis(8300)));
		Window late = Window.of(load, fresh, old);
		await().atMost(WAIT).until(() -> late.requests() >= 2000 || !load.failures().isEmpty());

		assertNoneFailed(load, node.workingDirectory());
		assertThat(earlyShare)
			.as("the fresh peer's share in its first second (it ramps from 10 %% to 21 %% of a full weight)")
			.isBetween(0.02, 0.30);
		assertThat(late.freshShare()).as("its share once the slow start is over").isCloseTo(0.50, within(0.03));
		assertThat(answer.path("slowStartMillis").asLong()).as("the ramp the node's answer tells the deployer of")
			.isEqualTo(8000);
	}

	@Test
	void slowStartChangedByARestartOfTheNodeReachesTheNginxItAdoptsAndRampsOnlyAPeerThatComesUpAfterwards() {
		UpstreamServer old = closeLater(new UpstreamServer());
		UpstreamServer fresh = closeLater(new UpstreamServer());
		RunningNode.Arguments slowStartOff = RunningNode.Arguments.of(bootstrapServers(), this.world.prefix(), "node-a",
				"managed", List.of("orders"));
		NodeProcess first = closeLater(new NodeProcess("node-a", slowStartOff));
		first.start();
		this.topics.up("orders", old.endpoint());
		await().atMost(WAIT)
			.ignoreExceptions()
			.until(() -> slowStartOff.controlClient().peers(ORDERS).peers().stateOf(old.endpoint()).orElse(false));
		List<Long> masters = NginxProcesses.masters(slowStartOff.workingDirectory());
		ControlRequests control = new ControlRequests(slowStartOff.control(), RunningNode.TOKEN);
		long oldSince = control.since("orders", old.endpoint());

		first.kill();
		RunningNode.Arguments slowStartOn = slowStartOff.with("baton.nginx-control.routes.orders.slow-start=8s");
		NodeProcess second = closeLater(new NodeProcess("node-a", slowStartOn));
		second.start();
		// pushed at start-up: no command is needed for the adopted nginx to take it
		await().atMost(Duration.ofSeconds(90))
			.ignoreExceptions()
			.until(() -> slowStartOn.controlClient().peers(ORDERS).peers().slowStart().equals(Duration.ofSeconds(8)));

		assertThat(NginxProcesses.masters(slowStartOn.workingDirectory())).as("nginx masters after the restart")
			.isEqualTo(masters);
		assertThat(second.output()).contains("Adopted nginx (master pid " + masters.get(0) + ")");
		assertThat(control.since("orders", old.endpoint())).as("when the peer already up came up, on nginx's clock")
			.isEqualTo(oldSince);

		// since is on nginx's clock, the machine's: the old peer would be at its full
		// weight by now even if its ramp had run from when it came up
		await().atMost(WAIT).until(() -> System.currentTimeMillis() > oldSince + 8_500);
		LoopingClients load = closeLater(new LoopingClients(slowStartOn.listenPorts().get("orders"), 4));
		await().atMost(WAIT).until(() -> load.servedBy(old.port()) > 100 || !load.failures().isEmpty());
		String admin = this.topics.gate("orders", fresh.endpoint(), "ADMIN", true);
		String health = this.topics.gate("orders", fresh.endpoint(), "HEALTH", true);
		cameUp(admin, health);
		Window early = Window.of(load, fresh, old);
		await().pollDelay(Duration.ofSeconds(1)).atMost(WAIT).until(() -> true);
		double earlyShare = early.freshShare();

		assertNoneFailed(load, slowStartOn.workingDirectory());
		assertThat(earlyShare)
			.as("the fresh peer's share in its first second (it ramps from 10 %% to 21 %% of a full weight)")
			.isBetween(0.02, 0.30);
	}

	@Test
	void countsServerErrorsConnectFailuresAndLatenciesPerPeerAndPublishesThemWhileGatesChange() {
		UpstreamServer failing = closeLater(new UpstreamServer(4));
		UpstreamServer healthy = closeLater(new UpstreamServer());
		Endpoint dead = new Endpoint("127.0.0.1", FreePorts.next());
		RunningNode node = this.world.node("node-a", "managed", List.of("orders"),
				"baton.nginx-control.stats.interval=500ms");
		for (Endpoint peer : List.of(failing.endpoint(), healthy.endpoint(), dead)) {
			this.topics.up("orders", peer);
		}
		await().atMost(WAIT)
			.until(() -> node.peers("orders").values().stream().filter(Boolean::booleanValue).count() == 3);

		// one request in ten holds 30 ms at the app: more than 25 ms, less than 50
		Map<String, Integer> served = send(node.listenPort("orders"), 600, (i) -> (i % 10 == 0) ? "/?hold=30" : "/");
		assertThat(served.values().stream().mapToInt(Integer::intValue).sum()).isEqualTo(600);
		UpstreamCounters counted = await().atMost(WAIT)
			.until(() -> node.control().counters(ORDERS), (counters) -> total(counters, PeerCounters::requests) == 600
					&& counters.peers().get(failing.endpoint()).requests() == failing.requests());

		PeerCounters failures = counted.peers().get(failing.endpoint());
		assertThat(failures.serverErrors() / (double) failures.requests()).as("server errors of a peer failing 1 in 4")
			.isCloseTo(0.25, within(0.03));
		PeerCounters refused = counted.peers().get(dead);
		assertThat(refused.requests()).as("requests ending on a dead peer (all retried elsewhere)").isZero();
		assertThat(refused.connectFailures()).as("connect failures of a dead peer, a third of the picks")
			.isCloseTo(200L, within(10L));
		assertThat(counted.peers().get(healthy.endpoint()).serverErrors()).isZero();
		long slow = counted.peers().values().stream().mapToLong((peer) -> slowerThan25Millis(peer)).sum();
		assertThat(slow).as("requests slower than 25 ms: the held ones, and a few on a busy machine")
			.isBetween(60L, 300L);
		assertThat(counted.peers().values().stream().mapToLong((peer) -> peer.latencyBuckets().get(0)).sum())
			.as("requests within 5 ms")
			.isPositive();

		await().atMost(WAIT).untilAsserted(() -> {
			Map<String, long[]> published = publishedTotals("node-a");
			assertThat(published.get(failing.endpoint().address())).containsExactly(failures.requests(),
					failures.serverErrors(), failures.connectFailures());
			assertThat(published.get(dead.address())).containsExactly(0L, 0L, refused.connectFailures());
		});
		String connectFailures = "baton_nginx_peer_connect_failures_total{peer=\"" + dead.address()
				+ "\",service=\"orders\"}";
		await().atMost(WAIT).until(() -> value(node, connectFailures) == refused.connectFailures());
		assertThat(
				value(node,
						"baton_nginx_peer_requests_total{outcome=\"server_error\",peer=\""
								+ failing.endpoint().address() + "\",service=\"orders\"}"))
			.isEqualTo(failures.serverErrors());
	}

	@Test
	void publishesPeerStatsWhileAGateChangedRecentlyOrACanaryRunsAndNothingWhileTheServiceIsIdle() {
		UpstreamServer app = closeLater(new UpstreamServer());
		RunningNode node = this.world.node("node-a", "managed", List.of("orders"),
				"baton.nginx-control.stats.interval=250ms", "baton.nginx-control.stats.publish-for=2s");
		this.topics.up("orders", app.endpoint());
		await().atMost(WAIT).until(() -> Boolean.TRUE.equals(node.peers("orders").get(app.endpoint())));
		LoopingClients load = closeLater(new LoopingClients(node.listenPort("orders"), 1));

		await().atMost(WAIT)
			.until(() -> peerStats("node-a").stream().anyMatch((stats) -> stats.path("peers").size() > 0));
		AtomicLong previous = new AtomicLong(-1);
		long settled = await().atMost(WAIT)
			.pollInterval(Duration.ofSeconds(1))
			.until(() -> (long) peerStats("node-a").size(), (count) -> count == previous.getAndSet(count));
		int before = load.succeeded();
		// reading the whole topic takes a while on a busy machine: the count must stay
		// for 2 s
		await().during(Duration.ofSeconds(2))
			.atMost(Duration.ofSeconds(10))
			.pollInterval(Duration.ofMillis(250))
			.until(() -> peerStats("node-a").size() == settled);
		assertThat(load.succeeded()).as("requests while the service is idle").isGreaterThan(before);

		String canary = this.topics.gate("orders", app.endpoint(), "DEPLOY", true, 50);
		await().atMost(WAIT).until(() -> this.topics.answer("PeerApplied", canary, "node-a").isPresent());
		Instant applied = Instant.now();
		await().atMost(WAIT)
			.until(() -> peerStats("node-a").stream()
				.anyMatch((stats) -> Instant.parse(stats.get("from").asString()).isAfter(applied.plusSeconds(3))));
		assertThat(load.failures()).isEmpty();
	}

	@Test
	void killedNginxWorkersKeepEveryRequestTheyCountedAndTheWorkersInTheirPlaceCountOn() {
		UpstreamServer app = closeLater(new UpstreamServer());
		RunningNode node = this.world.node("node-a", "managed", List.of("orders"));
		this.topics.up("orders", app.endpoint());
		await().atMost(WAIT).until(() -> Boolean.TRUE.equals(node.peers("orders").get(app.endpoint())));
		ControlClient control = node.control();
		int port = node.listenPort("orders");
		int answered = send(port, 300, (i) -> "/").values().stream().mapToInt(Integer::intValue).sum();
		List<Long> masters = NginxProcesses.masters(node.workingDirectory());
		List<ProcessHandle> workers = ProcessHandle.of(masters.get(0)).orElseThrow().children().toList();

		// at once, before any timer of theirs could have run: what a worker counted is in
		// shared memory when the request's log phase ends
		workers.forEach((worker) -> assertThat(worker.destroyForcibly()).as("kill -9 of nginx worker " + worker.pid())
			.isTrue());

		await().atMost(WAIT).until(() -> ProcessHandle.of(masters.get(0)).orElseThrow().children().count() > 0);
		assertThat(counters(control, app).requests()).as("the peer's requests after its workers were killed")
			.isEqualTo(answered);
		int more = send(port, 200, (i) -> "/").values().stream().mapToInt(Integer::intValue).sum();
		await().atMost(WAIT).until(() -> counters(control, app).requests() == answered + more);
		PeerCounters after = counters(control, app);
		assertThat(after.serverErrors()).as("server errors").isZero();
		assertThat(after.requests()).isEqualTo(after.latencyBuckets().stream().mapToLong(Long::longValue).sum());
		assertThat(NginxProcesses.masters(node.workingDirectory())).as("the nginx master after its workers' kill")
			.isEqualTo(masters);
		assertThat(ProcessHandle.of(masters.get(0)).orElseThrow().children().map(ProcessHandle::pid)).as("its workers")
			.doesNotContainAnyElementsOf(workers.stream().map(ProcessHandle::pid).toList());
	}

	private static PeerCounters counters(ControlClient control, UpstreamServer app) {
		return control.counters(ORDERS).peers().getOrDefault(app.endpoint(), PeerCounters.NONE);
	}

	/**
	 * The answer that brought a peer up. Its gates' commands are keyed apart, so they may
	 * land on different partitions and be applied in any order; an answer to one applied
	 * before the others says the peer is not up yet.
	 * @param commandIds the commands that open the peer's gates
	 * @return the first of their answers that says the peer is up on node-a
	 */
	private JsonNode cameUp(String... commandIds) {
		return await("an answer saying the peer is up").atMost(WAIT)
			.until(() -> Stream.of(commandIds)
				.map((id) -> this.topics.answer("PeerApplied", id, "node-a"))
				.flatMap(Optional::stream)
				.filter((answer) -> answer.path("up").asBoolean())
				.findFirst()
				.orElse(null), Objects::nonNull);
	}

	private Map<String, Integer> send(int port, int requests, IntFunction<String> path) {
		Map<String, Integer> served = new HashMap<>();
		for (int i = 0; i < requests; i++) {
			HttpRequest request = HttpRequest.newBuilder(URI.create("http://127.0.0.1:" + port + path.apply(i)))
				.timeout(Duration.ofSeconds(10))
				.build();
			try {
				HttpResponse<String> response = this.http.send(request, HttpResponse.BodyHandlers.ofString());
				served.merge(response.body(), 1, Integer::sum);
			}
			catch (IOException ex) {
				throw new UncheckedIOException(ex);
			}
			catch (InterruptedException ex) {
				Thread.currentThread().interrupt();
				throw new IllegalStateException(ex);
			}
		}
		return served;
	}

	private static long total(UpstreamCounters counters, ToLongFunction<PeerCounters> field) {
		return counters.peers().values().stream().mapToLong(field).sum();
	}

	/** The buckets above 25 ms. */
	private static long slowerThan25Millis(PeerCounters peer) {
		return peer.latencyBuckets().subList(3, peer.latencyBuckets().size()).stream().mapToLong(Long::longValue).sum();
	}

	private List<JsonNode> peerStats(String nodeId) {
		return this.topics.events()
			.stream()
			.filter((event) -> "PeerStats".equals(event.get("type").asString()))
			.filter((event) -> nodeId.equals(event.get("nodeId").asString()))
			.toList();
	}

	/**
	 * Per peer address: requests, server errors and connect failures over every
	 * PeerStats.
	 */
	private Map<String, long[]> publishedTotals(String nodeId) {
		Map<String, long[]> totals = new HashMap<>();
		for (JsonNode stats : peerStats(nodeId)) {
			for (JsonNode tally : stats.get("peers")) {
				long[] sum = totals.computeIfAbsent(tally.get("host").asString() + ":" + tally.get("port").asInt(),
						(key) -> new long[3]);
				sum[0] += tally.get("requests").asLong();
				sum[1] += tally.get("serverErrors").asLong();
				sum[2] += tally.get("connectFailures").asLong();
			}
		}
		return totals;
	}

	private static double value(RunningNode node, String series) {
		return node.get("/actuator/prometheus")
			.body()
			.lines()
			.filter((line) -> line.startsWith(series + " "))
			.mapToDouble((line) -> Double.parseDouble(line.substring(series.length() + 1).trim().split(" ")[0]))
			.findFirst()
			.orElse(-1);
	}

	/**
	 * Requests the load generator got answered from two peers, from when it was taken.
	 */
	private record Window(LoopingClients load, UpstreamServer fresh, UpstreamServer old, int freshBefore,
			int oldBefore) {

		static Window of(LoopingClients load, UpstreamServer fresh, UpstreamServer old) {
			return new Window(load, fresh, old, load.servedBy(fresh.port()), load.servedBy(old.port()));
		}

		int freshRequests() {
			return this.load.servedBy(this.fresh.port()) - this.freshBefore;
		}

		int requests() {
			return freshRequests() + this.load.servedBy(this.old.port()) - this.oldBefore;
		}

		double freshShare() {
			return freshRequests() / (double) requests();
		}

	}

}
