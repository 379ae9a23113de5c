package dev.baton.nginx;

import java.io.IOException;
import java.net.Socket;
import java.net.URI;
import java.net.http.HttpClient;
import java.net.http.HttpRequest;
import java.net.http.HttpResponse;
import java.net.http.WebSocket;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.attribute.PosixFilePermissions;
import java.time.Duration;
import java.time.Instant;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.TreeSet;
import java.util.UUID;
import java.util.concurrent.BlockingQueue;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.CompletionStage;
import java.util.concurrent.LinkedBlockingQueue;
import java.util.concurrent.TimeUnit;

import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.ExtendWith;
import tools.jackson.databind.JsonNode;

import org.springframework.boot.test.system.CapturedOutput;
import org.springframework.boot.test.system.OutputCaptureExtension;

import dev.baton.contracts.Endpoint;
import dev.baton.contracts.ServiceName;
import dev.baton.nginx.dataplane.ControlClient;
import dev.baton.nginx.dataplane.ControlRefusedException;
import dev.baton.nginx.dataplane.InFlight;
import dev.baton.nginx.dataplane.Release;
import dev.baton.kafka.testing.FreePorts;
import dev.baton.loadgen.live.ConnectionRecord;
import dev.baton.loadgen.live.LongLivedClients;
import dev.baton.loadgen.live.LongLivedSettings;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatExceptionOfType;
import static org.assertj.core.api.Assumptions.assumeThat;
import static org.awaitility.Awaitility.await;

/**
 * nginx-control against a real nginx and a real broker, driven as the registry and the
 * deployer drive it. Subclasses choose the broker.
 */
@ExtendWith(OutputCaptureExtension.class)
abstract class NginxControlIntegrationTests extends NodeWorldTests {

	private static final Duration WAIT = Duration.ofSeconds(30);

	private RunningNode node(String nodeId, String mode, String... services) {
		return this.world.node(nodeId, mode, List.of(services));
	}

	@Test
	void servesEveryGetAndPostWhileGatesAndPeersChangeWithoutReloadingNginx() throws Exception {
		UpstreamServer a = closeLater(new UpstreamServer());
		UpstreamServer b = closeLater(new UpstreamServer());
		UpstreamServer c = closeLater(new UpstreamServer());
		RunningNode node = node("node-a", "managed", "orders");
		this.topics.up("orders", a.endpoint());
		this.topics.up("orders", b.endpoint());
		await().atMost(WAIT).until(() -> node.peers("orders").equals(Map.of(a.endpoint(), true, b.endpoint(), true)));
		Set<Long> pids = node.nginxPids();

		LoopingClients load = closeLater(new LoopingClients(node.listenPort("orders"), 4));
		awaitMoreRequests(load, 200);
		String close = this.topics.gate("orders", a.endpoint(), "DEPLOY", false);
		await().atMost(WAIT).until(() -> this.topics.answer("PeerDrained", close, "node-a").isPresent());
		awaitMoreRequests(load, 200);
		String open = this.topics.gate("orders", a.endpoint(), "DEPLOY", true);
		await().atMost(WAIT).until(() -> this.topics.answer("PeerApplied", open, "node-a").isPresent());
		this.topics.up("orders", c.endpoint());
		await().atMost(WAIT).until(() -> Boolean.TRUE.equals(node.peers("orders").get(c.endpoint())));
		awaitMoreRequests(load, 200);
		this.topics.remove("orders", b.endpoint(), "ADMIN");
		this.topics.remove("orders", b.endpoint(), "HEALTH");
		await().atMost(WAIT).until(() -> !node.peers("orders").containsKey(b.endpoint()));
		int servedByB = b.requests();
		awaitMoreRequests(load, 300);
		load.close();

		assertThat(load.failures()).isEmpty();
		assertThat(load.succeeded()).isGreaterThan(900);
		assertThat(load.servedBy(c.port())).isPositive();
		assertThat(b.requests()).as("requests reaching a removed peer").isEqualTo(servedByB);
		assertThat(node.nginxPids()).as("nginx master and worker pids").isEqualTo(pids);
		assertThat(this.topics.answer("PeerApplied", close, "node-a").orElseThrow().get("up").asBoolean()).isFalse();
	}

	private static void awaitMoreRequests(LoopingClients load, int more) {
		int target = load.succeeded() + more;
		await().atMost(WAIT).until(() -> load.succeeded() >= target || !load.failures().isEmpty());
	}

	@Test
	void aWebSocketPassesThroughNginxAndKeepsItsPeerUndrainedUntilItCloses() throws Exception {
		WebSocketApp app = closeLater(new WebSocketApp());
		RunningNode node = node("node-a", "managed", "orders");
		this.topics.up("orders", app.endpoint());
		await().atMost(WAIT).until(() -> Boolean.TRUE.equals(node.peers("orders").get(app.endpoint())));
		EchoListener echoes = new EchoListener();
		WebSocket socket = HttpClient.newHttpClient()
			.newWebSocketBuilder()
			.buildAsync(URI.create("ws://127.0.0.1:" + node.listenPort("orders") + "/updates"), echoes)
			.get(10, TimeUnit.SECONDS);
		socket.sendText("hello through nginx", true).get(10, TimeUnit.SECONDS);
		assertThat(echoes.next()).isEqualTo("hello through nginx");

		String close = this.topics.gate("orders", app.endpoint(), "DEPLOY", false);
		await().atMost(WAIT).until(() -> this.topics.answer("PeerApplied", close, "node-a").isPresent());
		assertThat(
				node.control().inFlight(ServiceName.of("orders"), List.of(app.endpoint()), Duration.ZERO, Release.IDLE))
			.as("the WebSocket is in flight on its peer")
			.containsEntry(app.endpoint(), new InFlight(1, false));
		assertThat(this.topics.answer("PeerDrained", close, "node-a")).as("drained while the WebSocket is open")
			.isEmpty();
		socket.sendText("still open while draining", true).get(10, TimeUnit.SECONDS);
		assertThat(echoes.next()).isEqualTo("still open while draining");

		socket.sendClose(WebSocket.NORMAL_CLOSURE, "done").get(10, TimeUnit.SECONDS);
		await().atMost(WAIT).until(() -> this.topics.answer("PeerDrained", close, "node-a").isPresent());
		assertThat(app.open()).isZero();
	}

	@Test
	void anEventStreamAndALongPollThroughNginxRunToTheirEndWhileTheirPeerDrainsOnALongerDeadline() throws Exception {
		StreamingApp app = closeLater(new StreamingApp());
		RunningNode node = node("node-a", "managed", "orders");
		this.topics.up("orders", app.endpoint());
		await().atMost(WAIT).until(() -> Boolean.TRUE.equals(node.peers("orders").get(app.endpoint())));
		URI target = URI.create("http://127.0.0.1:" + node.listenPort("orders"));
		LongLivedClients stream = closeLater(
				LongLivedClients.start(LongLivedSettings.defaults(target).withWebSockets(0).withEventStreams(1, 30)));
		CompletableFuture<HttpResponse<String>> poll = HttpClient.newHttpClient()
			.sendAsync(HttpRequest.newBuilder(target.resolve("/poll?seconds=20")).build(),
					HttpResponse.BodyHandlers.ofString());
		await().atMost(WAIT)
			.until(() -> node.control()
				.inFlight(ServiceName.of("orders"), List.of(app.endpoint()), Duration.ZERO, Release.IDLE)
				.get(app.endpoint()), (inFlight) -> inFlight != null && inFlight.requests() == 2);

		String close = this.topics.close("orders", app.endpoint(), "DEPLOY", Duration.ofSeconds(40));

		HttpResponse<String> answer = poll.get(60, TimeUnit.SECONDS);
		assertThat(answer.statusCode()).isEqualTo(200);
		assertThat(answer.body()).contains("\"reason\":\"elapsed\"");
		assertThat(this.topics.answer("PeerDrained", close, "node-a")).as("drained while the stream is open").isEmpty();
		await().atMost(Duration.ofSeconds(60)).until(() -> !stream.ended().isEmpty());
		ConnectionRecord streamed = stream.ended().get(0);
		assertThat(streamed.closedBy()).as(streamed.toString()).isEqualTo(ConnectionRecord.SERVER);
		assertThat(streamed.reason()).isEqualTo("complete");
		assertThat(streamed.received()).isEqualTo(30);
		assertThat(streamed.bad()).isZero();
		await().atMost(WAIT).until(() -> this.topics.answer("PeerDrained", close, "node-a").isPresent());
		assertThat(this.topics.answer("PeerDrainTimedOut", close, "node-a")).isEmpty();
	}

	/** Collects the text messages a WebSocket receives. */
	private static final class EchoListener implements WebSocket.Listener {

		private final BlockingQueue<String> messages = new LinkedBlockingQueue<>();

		@Override
		public CompletionStage<?> onText(WebSocket webSocket, CharSequence data, boolean last) {
			this.messages.add(data.toString());
			webSocket.request(1);
			return null;
		}

		String next() throws InterruptedException {
			String message = this.messages.poll(10, TimeUnit.SECONDS);
			assertThat(message).as("an echo within 10 s").isNotNull();
			return message;
		}

	}

	@Test
	void aPeerDrainingForARestartStandsInWhenThePeerLeftInRotationDiesAndIsReleasedOnceNoRequestNeedsIt()
			throws Exception {
		UpstreamServer draining = closeLater(new UpstreamServer());
		Endpoint killed = new Endpoint("127.0.0.1", FreePorts.next());
		RunningNode node = managedNodeWithPeerUp(draining);
		CompletableFuture<HttpResponse<String>> held = heldGetUnderWay(node, draining, 1500);
		String close = this.topics.closeStandingBy("orders", draining.endpoint(), "DEPLOY", Duration.ofSeconds(60));
		await().atMost(WAIT).until(() -> this.topics.answer("PeerApplied", close, "node-a").isPresent());
		// The instance verified just before takes the rotation, and dies: it refuses
		// connections.
		this.topics.up("orders", killed);
		await().atMost(WAIT).until(() -> Boolean.TRUE.equals(node.peers("orders").get(killed)));
		HttpClient http = HttpClient.newHttpClient();
		URI uri = URI.create("http://127.0.0.1:" + node.listenPort("orders") + "/");

		assertThat(getsAndPosts(http, uri, 20)).as("the peer in rotation refuses connections: retried on the standby")
			.containsOnly(String.valueOf(draining.port()));
		String healthClosed = this.topics.gate("orders", killed, "HEALTH", false);
		await().atMost(WAIT).until(() -> this.topics.answer("PeerApplied", healthClosed, "node-a").isPresent());
		assertThat(held.get().statusCode()).isEqualTo(200);
		assertThat(getsAndPosts(http, uri, 20)).as("no peer in rotation: the standby takes every request")
			.containsOnly(String.valueOf(draining.port()));
		assertThat(this.topics.answer("PeerDrained", close, "node-a"))
			.as("drained while it stands in, its held request over")
			.isEmpty();

		JsonNode drained = await().atMost(WAIT)
			.until(() -> this.topics.answer("PeerDrained", close, "node-a").orElse(null), (answer) -> answer != null);
		assertThat(Instant.parse(drained.get("at").asString()))
			.as("released only once no request needed it for a second")
			.isAfter(draining.lastEnd().plusMillis(900));
		int served = draining.requests();
		assertThat(http.send(HttpRequest.newBuilder(uri).build(), HttpResponse.BodyHandlers.ofString()).statusCode())
			.as("a released peer stands in no more, even with no peer in rotation")
			.isEqualTo(502);
		assertThat(draining.requests()).as("requests reaching the peer after its drain was reported").isEqualTo(served);
	}

	/** The bodies of as many GETs and POSTs (each answered by the port of its peer). */
	private static List<String> getsAndPosts(HttpClient http, URI uri, int each) throws Exception {
		List<String> bodies = new ArrayList<>();
		for (int i = 0; i < each; i++) {
			bodies.add(http.send(HttpRequest.newBuilder(uri).build(), HttpResponse.BodyHandlers.ofString()).body());
			bodies.add(http.send(HttpRequest.newBuilder(uri).POST(HttpRequest.BodyPublishers.ofString("{}")).build(),
					HttpResponse.BodyHandlers.ofString())
				.body());
		}
		return bodies;
	}

	@Test
	void reportsDrainedOnlyAfterTheSlowRequestOnThePeerEnds() {
		UpstreamServer slow = closeLater(new UpstreamServer());
		UpstreamServer other = closeLater(new UpstreamServer());
		RunningNode node = node("node-a", "managed", "orders");
		this.topics.up("orders", slow.endpoint());
		await().atMost(WAIT).until(() -> Boolean.TRUE.equals(node.peers("orders").get(slow.endpoint())));
		HttpClient http = HttpClient.newHttpClient();
		CompletableFuture<HttpResponse<String>> slowRequest = http.sendAsync(
				HttpRequest.newBuilder(URI.create("http://127.0.0.1:" + node.listenPort("orders") + "/slow?hold=500"))
					.build(),
				HttpResponse.BodyHandlers.ofString());
		await().atMost(WAIT).until(() -> slow.inProgress() == 1);

		this.topics.up("orders", other.endpoint());
		String close = this.topics.gate("orders", slow.endpoint(), "DEPLOY", false);
		await().atMost(WAIT).until(() -> this.topics.answer("PeerApplied", close, "node-a").isPresent());
		for (int i = 0; i < 10; i++) {
			assertThat(http
				.sendAsync(HttpRequest.newBuilder(URI.create("http://127.0.0.1:" + node.listenPort("orders") + "/"))
					.build(), HttpResponse.BodyHandlers.ofString())
				.join()
				.body()).isEqualTo(String.valueOf(other.port()));
		}
		JsonNode drained = await().atMost(WAIT)
			.until(() -> this.topics.answer("PeerDrained", close, "node-a").orElse(null), (answer) -> answer != null);

		assertThat(slowRequest.join().statusCode()).isEqualTo(200);
		assertThat(slow.requests()).as("requests reaching the peer after its gate closed").isEqualTo(1);
		assertThat(Instant.parse(drained.get("at").asString())).isAfterOrEqualTo(slow.lastEnd());
		assertThat(drained.get("drainMillis").asLong()).isPositive();
	}

	@Test
	void restoresEveryPeerWithinASecondOfNginxStartingAgain() throws Exception {
		UpstreamServer a = closeLater(new UpstreamServer());
		UpstreamServer b = closeLater(new UpstreamServer());
		RunningNode node = node("node-a", "attached", "orders");
		AttachedNginx nginx = closeLater(new AttachedNginx(node.workingDirectory().resolve("operator"),
				node.workingDirectory().resolve("baton.conf")));
		nginx.start();
		this.topics.up("orders", a.endpoint());
		this.topics.up("orders", b.endpoint());
		Map<Endpoint, Boolean> both = Map.of(a.endpoint(), true, b.endpoint(), true);
		// the operator's nginx may not listen yet on a busy machine
		await().atMost(WAIT).ignoreExceptions().until(() -> both.equals(node.peers("orders")));
		String epoch = node.control().epoch();

		nginx.kill();
		nginx.start();
		await().atMost(Duration.ofSeconds(1))
			.ignoreExceptions()
			.until(() -> !node.control().epoch().equals(epoch) && both.equals(node.peers("orders")));

		await().atMost(WAIT)
			.until(() -> this.topics.events()
				.stream()
				.anyMatch((event) -> "NodeHeartbeat".equals(event.get("type").asString())
						&& !event.get("epoch").asString().equals(epoch) && !event.get("epoch").asString().isEmpty()
						&& both.equals(heartbeatPeers(event))));
	}

	/** The peers a heartbeat says its node serves, and whether each is up. */
	private static Map<Endpoint, Boolean> heartbeatPeers(JsonNode heartbeat) {
		Map<Endpoint, Boolean> peers = new HashMap<>();
		heartbeat.path("peers")
			.forEach((peer) -> peers.put(new Endpoint(peer.get("host").asString(), peer.get("port").asInt()),
					peer.get("up").asBoolean()));
		return peers;
	}

	@Test
	void managedNodeStartsItsNginxAgainWhenItDiesAndRestoresEveryPeer() throws Exception {
		UpstreamServer a = closeLater(new UpstreamServer());
		RunningNode node = node("node-a", "managed", "orders");
		this.topics.up("orders", a.endpoint());
		await().atMost(WAIT).until(() -> Boolean.TRUE.equals(node.peers("orders").get(a.endpoint())));
		String epoch = node.control().epoch();
		ProcessHandle master = ProcessHandle.of(node.nginxMasterPid()).orElseThrow();

		master.destroy();
		master.onExit().join();

		await().atMost(WAIT)
			.ignoreExceptions()
			.until(() -> !node.control().epoch().equals(epoch)
					&& Boolean.TRUE.equals(node.peers("orders").get(a.endpoint())));
		assertThat(get(node.listenPort("orders"))).isEqualTo(String.valueOf(a.port()));
	}

	private static String get(int port) throws Exception {
		return HttpClient.newHttpClient()
			.send(HttpRequest.newBuilder(URI.create("http://127.0.0.1:" + port + "/")).build(),
					HttpResponse.BodyHandlers.ofString())
			.body();
	}

	@Test
	void twoNodesBothApplyAndDrainAndEachNamesItselfWhenRejecting() {
		UpstreamServer orders = closeLater(new UpstreamServer());
		UpstreamServer payments = closeLater(new UpstreamServer());
		RunningNode nodeA = node("node-a", "managed", "orders", "payments");
		RunningNode nodeB = node("node-b", "managed", "orders");
		this.topics.up("orders", orders.endpoint());
		await().atMost(WAIT)
			.until(() -> Boolean.TRUE.equals(nodeA.peers("orders").get(orders.endpoint()))
					&& Boolean.TRUE.equals(nodeB.peers("orders").get(orders.endpoint())));

		String close = this.topics.gate("orders", orders.endpoint(), "DEPLOY", false);
		String payment = this.topics.gate("payments", payments.endpoint(), "ADMIN", true);

		await().atMost(WAIT)
			.until(() -> this.topics.answer("PeerDrained", close, "node-a").isPresent()
					&& this.topics.answer("PeerDrained", close, "node-b").isPresent());
		await().atMost(WAIT).until(() -> this.topics.answer("CommandRejected", payment, "node-b").isPresent());
		assertThat(this.topics.answer("PeerApplied", close, "node-a")).isPresent();
		assertThat(this.topics.answer("PeerApplied", close, "node-b")).isPresent();
		assertThat(this.topics.answer("PeerApplied", payment, "node-a")).isPresent();
		assertThat(this.topics.answer("CommandRejected", payment, "node-b").orElseThrow().get("reason").asString())
			.contains("node-b", "payments");
		assertThat(nodeB.peers("orders")).containsEntry(orders.endpoint(), false);
	}

	@Test
	void retriesOnAnotherPeerOnlyWhatNginxMayRetryAndCountsEveryRequestOut() throws Exception {
		UpstreamServer good = closeLater(new UpstreamServer());
		ClosingServer broken = closeLater(new ClosingServer());
		Endpoint refusing = new Endpoint("127.0.0.1", FreePorts.next());
		RunningNode node = node("node-a", "managed", "orders");
		this.topics.up("orders", good.endpoint());
		this.topics.up("orders", broken.endpoint());
		this.topics.up("orders", refusing);
		await().atMost(WAIT).until(() -> node.peers("orders").size() == 3);
		HttpClient http = HttpClient.newHttpClient();
		URI uri = URI.create("http://127.0.0.1:" + node.listenPort("orders") + "/");

		List<Integer> gets = new ArrayList<>();
		List<Integer> posts = new ArrayList<>();
		for (int i = 0; i < 30; i++) {
			gets.add(http.send(HttpRequest.newBuilder(uri).build(), HttpResponse.BodyHandlers.ofString()).statusCode());
		}
		int beforePosts = broken.received();
		for (int i = 0; i < 30; i++) {
			posts.add(http.send(HttpRequest.newBuilder(uri).POST(HttpRequest.BodyPublishers.ofString("{}")).build(),
					HttpResponse.BodyHandlers.ofString())
				.statusCode());
		}

		assertThat(gets).as("GETs, retried after a refused connection or a closed one").containsOnly(200);
		assertThat(posts).containsOnly(200, 502);
		assertThat(posts.stream().filter((status) -> status == 502).count())
			.as("POSTs the broken peer received: never sent again")
			.isEqualTo(broken.received() - beforePosts)
			.isPositive();
		assertThat(good.requests()).isEqualTo(30 + posts.stream().filter((status) -> status == 200).count());
		await().atMost(WAIT)
			.until(() -> node.control()
				.peers(ServiceName.of("orders"))
				.inFlight()
				.values()
				.stream()
				.allMatch((count) -> count == 0));
	}

	@Test
	void countsARequestOutWhenItsClientGoesAway() throws Exception {
		UpstreamServer slow = closeLater(new UpstreamServer());
		RunningNode node = managedNodeWithPeerUp(slow);
		ServiceName orders = ServiceName.of("orders");

		try (Socket client = heldRequest(node.listenPort("orders"), 3000)) {
			await().atMost(WAIT).until(() -> node.control().peers(orders).inFlight().get(slow.endpoint()) == 1);
		}

		await().atMost(Duration.ofSeconds(2))
			.until(() -> node.control().peers(orders).inFlight().get(slow.endpoint()) == 0);
		assertThat(slow.inProgress()).as("the app is still serving the abandoned request").isEqualTo(1);
	}

	@Test
	void requestsOfKilledWorkersLeaveThePeersInFlightCountOnceNginxStartsWorkersInTheirPlace() throws Exception {
		UpstreamServer slow = closeLater(new UpstreamServer());
		RunningNode node = managedNodeWithPeerUp(slow);
		ServiceName orders = ServiceName.of("orders");
		List<Socket> clients = new ArrayList<>();
		try {
			for (int i = 0; i < 4; i++) {
				clients.add(heldRequest(node.listenPort("orders"), 20_000));
			}
			await().atMost(WAIT).until(() -> node.control().peers(orders).inFlight().get(slow.endpoint()) == 4);
			List<Long> masters = NginxProcesses.masters(node.workingDirectory());
			List<ProcessHandle> workers = ProcessHandle.of(masters.get(0)).orElseThrow().children().toList();

			workers.forEach(ProcessHandle::destroyForcibly);

			// the workers nginx starts in their place set the killed ones' counts to
			// zero:
			// a drain of this peer is not held up by requests that died with them
			await().atMost(WAIT).until(() -> node.control().peers(orders).inFlight().get(slow.endpoint()) == 0);
			assertThat(slow.inProgress()).as("the app is still holding the requests nginx lost").isEqualTo(4);
			assertThat(NginxProcesses.masters(node.workingDirectory())).as("the nginx master").isEqualTo(masters);
			clients.add(heldRequest(node.listenPort("orders"), 20_000));
			await().atMost(WAIT).until(() -> slow.inProgress() == 5);
			assertThat(node.control().peers(orders).inFlight()).as("a request through a new worker")
				.containsEntry(slow.endpoint(), 1L);
		}
		finally {
			for (Socket client : clients) {
				client.close();
			}
		}
	}

	@Test
	void workersOfAReloadCountOnTheSameCountersAsTheOldOnesFinishingTheirRequests() throws Exception {
		UpstreamServer slow = closeLater(new UpstreamServer());
		RunningNode node = managedNodeWithPeerUp(slow);
		ServiceName orders = ServiceName.of("orders");
		CompletableFuture<HttpResponse<String>> request = heldGetUnderWay(node, slow, 4000);
		long master = NginxProcesses.masters(node.workingDirectory()).get(0);
		Set<Long> old = new TreeSet<>(
				ProcessHandle.of(master).orElseThrow().children().map(ProcessHandle::pid).toList());

		// Baton never reloads nginx; a user of an attached nginx may (nginx -s reload)
		assertThat(new ProcessBuilder("kill", "-HUP", Long.toString(master)).start().waitFor()).isZero();

		await().atMost(WAIT)
			.until(() -> ProcessHandle.of(master)
				.orElseThrow()
				.children()
				.map(ProcessHandle::pid)
				.filter((pid) -> !old.contains(pid))
				.count() >= 2);
		assertThat(slow.inProgress()).as("the old worker is still serving the request").isEqualTo(1);
		assertThat(node.control().peers(orders).inFlight())
			.as("the request of an old worker, read through the new ones (the old ones no longer accept)")
			.containsEntry(slow.endpoint(), 1L);
		assertThat(request.get().statusCode()).isEqualTo(200);
		await().atMost(WAIT).until(() -> node.control().peers(orders).inFlight().get(slow.endpoint()) == 0);
	}

	@Test
	void heldInFlightReadAnswersWhenTheLastRequestEnds() throws Exception {
		UpstreamServer slow = closeLater(new UpstreamServer());
		RunningNode node = managedNodeWithPeerUp(slow);
		ServiceName orders = ServiceName.of("orders");
		CompletableFuture<HttpResponse<String>> request = heldGetUnderWay(node, slow, 300);

		Map<Endpoint, InFlight> reads = node.control()
			.inFlight(orders, List.of(slow.endpoint()), Duration.ofSeconds(1), Release.IDLE);
		Instant answered = Instant.now();

		assertThat(reads).as("nginx held the read while the request was in flight")
			.containsEntry(slow.endpoint(), new InFlight(0, false));
		assertThat(slow.lastEnd()).as("the request ended before the answer").isBefore(answered);
		assertThat(request.get().statusCode()).isEqualTo(200);
		assertThat(node.control().inFlight(orders, List.of(slow.endpoint()), Duration.ZERO, Release.IDLE))
			.containsEntry(slow.endpoint(), new InFlight(0, false));
	}

	@Test
	void workersRunAsTheConfiguredUserAndStillBalanceBufferALargePostLogAndDrain() throws Exception {
		assumeThat(ProcessHandle.current().info().user()).as("nginx switches its workers' user only as root")
			.hasValue("root");
		UpstreamServer a = closeLater(new UpstreamServer());
		UpstreamServer b = closeLater(new UpstreamServer());
		RunningNode node = this.world.node("node-a", "managed", List.of("orders"),
				"baton.nginx-control.nginx.worker-user=www-data");
		this.topics.up("orders", a.endpoint());
		this.topics.up("orders", b.endpoint());
		await().atMost(WAIT).until(() -> node.peers("orders").equals(Map.of(a.endpoint(), true, b.endpoint(), true)));
		long master = node.nginxMasterPid();
		Set<Long> workers = new TreeSet<>(node.nginxPids());
		workers.remove(master);
		HttpClient http = HttpClient.newHttpClient();
		URI uri = URI.create("http://127.0.0.1:" + node.listenPort("orders") + "/");
		Set<String> servedBy = new TreeSet<>();
		for (int i = 0; i < 20; i++) {
			servedBy.add(http.send(HttpRequest.newBuilder(uri).build(), HttpResponse.BodyHandlers.ofString()).body());
		}
		byte[] large = new byte[600 * 1024];
		HttpResponse<String> post = http.send(
				HttpRequest.newBuilder(uri).POST(HttpRequest.BodyPublishers.ofByteArray(large)).build(),
				HttpResponse.BodyHandlers.ofString());
		String close = this.topics.gate("orders", a.endpoint(), "DEPLOY", false);

		assertThat(userOf(master)).isEqualTo("root");
		assertThat(workers).hasSize(2).allSatisfy((worker) -> assertThat(userOf(worker)).isEqualTo("www-data"));
		assertThat(servedBy).as("the Lua balancer picks both peers")
			.containsExactlyInAnyOrder(String.valueOf(a.port()), String.valueOf(b.port()));
		assertThat(post.statusCode()).isEqualTo(200);
		assertThat((post.body().equals(String.valueOf(a.port())) ? a : b).lastBodyLength()).isEqualTo(large.length);
		Path temp = node.workingDirectory().resolveSibling(node.workingDirectory().getFileName() + "-temp");
		assertThat(Files.getOwner(temp).getName()).isEqualTo("www-data");
		assertThat(PosixFilePermissions.toString(Files.getPosixFilePermissions(node.workingDirectory())))
			.as("the working directory, which the workers never enter")
			.isEqualTo("rwx------");
		assertThat(PosixFilePermissions
			.toString(Files.getPosixFilePermissions(node.workingDirectory().resolve("nginx.conf"))))
			.isEqualTo("rw-------");
		assertThat(Files.readString(node.workingDirectory().resolve("logs/error.log")))
			.as("a worker wrote the body to its temp path, and logged it")
			.contains("a client request body is buffered to a temporary file " + temp.resolve("body"));
		await().atMost(WAIT).until(() -> this.topics.answer("PeerDrained", close, "node-a").isPresent());
	}

	private static String userOf(long pid) {
		return ProcessHandle.of(pid).flatMap((process) -> process.info().user()).orElseThrow();
	}

	@Test
	void tokenFromAFileOpensTheControlEndpointAndIsOnNoCommandLineNorInTheLog(CapturedOutput output) throws Exception {
		String token = "file-token-" + UUID.randomUUID();
		Path secrets = Files.createDirectories(Path.of("target", "nginx-it", this.world.prefix() + "secrets"));
		Path file = Files.writeString(secrets.resolve("control.token"), token + "\n");
		Files.setPosixFilePermissions(file, PosixFilePermissions.fromString("rw-------"));
		RunningNode node = this.world.node("node-a", "managed", List.of("orders"), "baton.nginx-control.control.token=",
				"baton.nginx-control.control.token-file=" + file.toAbsolutePath());

		assertThat(new ControlClient(node.controlEndpoint(), token).epoch()).isNotBlank();
		assertThatExceptionOfType(ControlRefusedException.class).isThrownBy(() -> node.control().epoch());
		assertThat(node.nginxPids()).isNotEmpty()
			.allSatisfy((pid) -> assertThat(commandLine(pid)).contains("nginx").doesNotContain(token));
		assertThat(Files.readString(node.workingDirectory().resolve("nginx.conf"))).doesNotContain(token);
		assertThat(PosixFilePermissions
			.toString(Files.getPosixFilePermissions(node.workingDirectory().resolve("control.token"))))
			.isEqualTo("rw-------");
		assertThat(output).as("the node's log").contains("Started nginx").doesNotContain(token);
	}

	private static String commandLine(long pid) throws Exception {
		return new String(Files.readAllBytes(Path.of("/proc", Long.toString(pid), "cmdline")), StandardCharsets.UTF_8)
			.replace('\0', ' ');
	}

	@Test
	void controlEndpointRefusesRequestsWithoutTheToken() throws Exception {
		RunningNode node = node("node-a", "managed", "orders");
		HttpResponse<String> anonymous = HttpClient.newHttpClient()
			.send(HttpRequest.newBuilder(URI.create("http://" + node.controlEndpoint().address() + "/baton/epoch"))
				.build(), HttpResponse.BodyHandlers.ofString());

		assertThat(anonymous.statusCode()).isEqualTo(401);
		assertThatExceptionOfType(ControlRefusedException.class)
			.isThrownBy(() -> new ControlClient(node.controlEndpoint(), "not-the-token").epoch())
			.withMessageContaining("401");
		assertThat(node.control().epoch()).isNotBlank();
	}

	private RunningNode managedNodeWithPeerUp(UpstreamServer app) {
		RunningNode node = node("node-a", "managed", "orders");
		this.topics.up("orders", app.endpoint());
		await().atMost(WAIT).until(() -> Boolean.TRUE.equals(node.peers("orders").get(app.endpoint())));
		return node;
	}

	/** A GET the app holds for the given time, returned once the app is holding it. */
	private static CompletableFuture<HttpResponse<String>> heldGetUnderWay(RunningNode node, UpstreamServer app,
			int millis) {
		CompletableFuture<HttpResponse<String>> request = HttpClient.newHttpClient()
			.sendAsync(HttpRequest
				.newBuilder(URI.create("http://127.0.0.1:" + node.listenPort("orders") + "/?hold=" + millis))
				.build(), HttpResponse.BodyHandlers.ofString());
		await().atMost(WAIT).until(() -> app.inProgress() == 1);
		return request;
	}

	/** A GET the app holds for the given time, sent on a socket of its own. */
	private static Socket heldRequest(int port, int millis) throws IOException {
		Socket client = new Socket("127.0.0.1", port);
		client.getOutputStream()
			.write(("GET /?hold=" + millis + " HTTP/1.1\r\nHost: test\r\n\r\n").getBytes(StandardCharsets.US_ASCII));
		return client;
	}

}
