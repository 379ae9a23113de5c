package dev.baton.console.view;

import java.time.Instant;
import java.util.ArrayList;
import java.util.Collections;
import java.util.List;
import java.util.Map;

import dev.baton.contracts.CommandId;
import dev.baton.contracts.DeployId;
import dev.baton.contracts.Gate;
import dev.baton.contracts.InstanceId;
import dev.baton.contracts.NodeId;
import dev.baton.contracts.ServiceName;
import dev.baton.contracts.Version;
import dev.baton.contracts.deploy.DeployFailed;
import dev.baton.contracts.deploy.DeployStarted;
import dev.baton.contracts.deploy.DeploySucceeded;
import dev.baton.contracts.health.HealthStatus;
import dev.baton.contracts.nginx.NodeHeartbeat;
import dev.baton.contracts.nginx.PeerDrained;
import dev.baton.contracts.nginx.PeerDraining;
import dev.baton.contracts.nginx.PeerStats;
import dev.baton.contracts.nginx.PeerTally;
import dev.baton.contracts.nginx.SetPeerGate;
import dev.baton.contracts.nginx.UpstreamPeer;
import dev.baton.contracts.registry.InstanceSnapshot;
import dev.baton.contracts.registry.Lifecycle;
import dev.baton.contracts.registry.ObservedHealth;
import org.assertj.core.api.InstanceOfAssertFactories;
import org.junit.jupiter.api.Test;

import static org.assertj.core.api.Assertions.assertThat;

/**
 * The view a page shows, from the events that make it.
 */
class ConsoleViewTests {

	private static final Instant NOW = Instant.parse("2026-12-02T08:00:00Z");

	private static final ServiceName ORDERS = ServiceName.of("orders");

	private final ConsoleView view = new ConsoleView(2);

	private final List<String> sent = new ArrayList<>();

	@Test
	void anInstanceShowsItsGatesVersionsAndEachNodesView() {
		this.view.instance("orders-1", online("orders-1", 9001, "v2"));
		this.view.gate("orders/127.0.0.1:9001", gate(9001, Gate.DEPLOY, true, 10));
		this.view
			.nginx(new PeerDraining(NodeId.of("edge-1"), CommandId.random(), ORDERS, "127.0.0.1", 9001, 3, NOW, NOW));
		this.view.nginx(new PeerDrained(NodeId.of("edge-2"), CommandId.random(), ORDERS, "127.0.0.1", 9001, 42, NOW));

		InstanceRow row = this.view.snapshot().instances().get(0);
		assertThat(row.lifecycle()).isEqualTo("ONLINE");
		assertThat(row.operatorGate()).isTrue();
		assertThat(row.healthGate()).isTrue();
		assertThat(row.deployGate()).isEqualTo("open w10");
		assertThat(row.version()).isEqualTo("v2");
		assertThat(row.registeredVersion()).isEqualTo("v1");
		assertThat(row.healthVersion()).isEqualTo("v2");
		assertThat(row.nodes()).containsExactlyInAnyOrderEntriesOf(
				Map.of("edge-1", "draining, 3 in flight", "edge-2", "drained in 42 ms"));
	}

	@Test
	void aHeartbeatKeepsWhatADrainSaidOfAPeerOutOfRotation() {
		this.view.instance("orders-1", online("orders-1", 9001, "v1"));
		this.view.nginx(new PeerDrained(NodeId.of("edge-1"), CommandId.random(), ORDERS, "127.0.0.1", 9001, 42, NOW));
		this.view.nginx(heartbeat(new UpstreamPeer(ORDERS, "127.0.0.1", 9001, false, 100)));
		assertThat(this.view.snapshot().instances().get(0).nodes()).containsEntry("edge-1", "drained in 42 ms");

		this.view.nginx(heartbeat(new UpstreamPeer(ORDERS, "127.0.0.1", 9001, true, 100)));
		assertThat(this.view.snapshot().instances().get(0).nodes()).containsEntry("edge-1", "up");
		assertThat(this.view.snapshot().nodes()).extracting(NodeRow::nodeId).containsExactly("edge-1");
	}

	@Test
	void aSubscriberGetsTheWholeViewThenEachChangeInOrder() {
		this.view.instance("orders-1", online("orders-1", 9001, "v1"));
		this.view.subscribe((kind, data) -> this.sent.add(kind));
		this.view.step(started("d-1"));
		this.view.instance("orders-1", null);

		assertThat(this.sent).containsExactly("view", "deploy", "instance-removed");
	}

	@Test
	void aSubscriberGetsEachServicesFirstPageThenTheOtherInstances() {
		for (int i = 10; i < 10 + ConsoleView.FIRST_PAGE + 2; i++) {
			this.view.instance("orders-" + i, online("orders-" + i, 9000 + i, "v1"));
		}
		this.view.instance("search-1", instance(ServiceName.of("search"), "search-1", 9100, "v1"));
		List<Object> data = new ArrayList<>();
		this.view.subscribe((kind, sent) -> this.sent.add(kind) && data.add(sent));

		assertThat(this.sent).containsExactly("view", "instances");
		ConsoleView.Snapshot first = (ConsoleView.Snapshot) data.get(0);
		assertThat(first.counts()).containsExactly(Map.entry("orders", 27), Map.entry("search", 1));
		assertThat(first.instances()).extracting(InstanceRow::instanceId)
			.hasSize(ConsoleView.FIRST_PAGE + 1)
			.startsWith("orders-10")
			.contains("orders-34", "search-1")
			.doesNotContain("orders-35", "orders-36");
		assertThat(data.get(1)).asInstanceOf(InstanceOfAssertFactories.list(InstanceRow.class))
			.extracting(InstanceRow::instanceId)
			.containsExactly("orders-35", "orders-36");
	}

	@Test
	void aGoneSubscriberIsToldNothingMore() {
		this.view.subscribe((kind, data) -> this.sent.add(kind) && !"deploy".equals(kind));
		this.view.step(started("d-1"));
		this.view.step(started("d-2"));

		assertThat(this.sent).containsExactly("view", "deploy");
	}

	@Test
	void deploysKeepTheirStepsAndOutcomeAndOnlyTheRecentEndedOnesStay() {
		this.view.step(started("d-1"));
		this.view.step(new DeploySucceeded(DeployId.of("d-1"), ORDERS, Version.of("v2"), 1200, NOW.plusSeconds(2)));
		this.view.step(started("d-2"));
		this.view.step(new DeployFailed(DeployId.of("d-2"), ORDERS, Version.of("v3"), "unhealthy",
				List.of(InstanceId.of("orders-1")), 300, NOW.plusSeconds(3), List.of()));
		this.view.step(started("d-3"));
		this.view.step(new DeploySucceeded(DeployId.of("d-3"), ORDERS, Version.of("v2"), 900, NOW.plusSeconds(4)));
		this.view.step(started("d-4"));

		List<DeployRow> deploys = this.view.snapshot().deploys();
		assertThat(deploys).extracting(DeployRow::deployId).containsExactly("d-2", "d-3", "d-4");
		assertThat(deploys).extracting(DeployRow::outcome).containsExactly("rolled back", "succeeded", "running");
		assertThat(deploys.get(0).steps()).hasSize(2);
		assertThat(deploys.get(0).endedAt()).isEqualTo(NOW.plusSeconds(3));
	}

	@Test
	void aServicesChartSumsEveryNodesRequestsEachSecondAndKeepsTwoMinutes() {
		this.view.subscribe((kind, data) -> this.sent.add(kind));
		// two nodes count the same second; a p99 falls in the 25-50 ms bucket
		this.view.nginx(stats("edge-1", NOW.plusMillis(1_400), tally(9001, 60, 3, 0), tally(9002, 40, 0, 0)));
		this.view.nginx(stats("edge-2", NOW.plusMillis(1_700), tally(9001, 99, 0, 0), tally(9002, 0, 0, 1)));
		this.view.nginx(stats("edge-1", NOW.plusMillis(2_400), tally(9001, 10, 0, 0)));

		ServiceStats orders = this.view.snapshot().stats().get(0);
		assertThat(orders.service()).isEqualTo("orders");
		assertThat(orders.points()).extracting(ServiceStats.Point::at)
			.containsExactly(NOW.plusSeconds(1), NOW.plusSeconds(2));
		ServiceStats.Point first = orders.points().get(0);
		assertThat(first.requests()).isEqualTo(199);
		assertThat(first.failures()).isEqualTo(4);
		assertThat(first.p99Millis()).isBetween(25.0, 50.0);
		assertThat(this.sent).containsExactly("view", "stats", "stats", "stats");

		// the second 2 s in is the oldest of the last two minutes once this one comes
		Instant later = NOW.plusSeconds(1 + ConsoleView.STATS_KEPT_SECONDS);
		this.view.nginx(stats("edge-1", later, tally(9001, 5, 0, 0)));
		assertThat(this.view.snapshot().stats().get(0).points()).extracting(ServiceStats.Point::at)
			.containsExactly(NOW.plusSeconds(2), later);
	}

	@Test
	void aRunningDeployIsFoundByItsService() {
		this.view.step(started("d-1"));
		assertThat(this.view.runningOf("orders")).map(DeployRow::deployId).hasValue("d-1");
		assertThat(this.view.runningOf("billing")).isEmpty();

		this.view.step(new DeploySucceeded(DeployId.of("d-1"), ORDERS, Version.of("v2"), 1200, NOW.plusSeconds(2)));
		assertThat(this.view.runningOf("orders")).isEmpty();
	}

	/**
	 * A node's interval that ends at {@code to}: about a second, as nginx-control counts.
	 */
	private static PeerStats stats(String node, Instant to, PeerTally... peers) {
		return new PeerStats(NodeId.of(node), ORDERS, to.minusSeconds(1), to, List.of(peers));
	}

	/** Requests of a peer, each in the 25-50 ms bucket. */
	private static PeerTally tally(int port, long requests, long serverErrors, long connectFailures) {
		List<Long> buckets = new ArrayList<>(Collections.nCopies(PeerStats.LATENCY_BUCKETS_MILLIS.size() + 1, 0L));
		buckets.set(3, requests);
		return new PeerTally("127.0.0.1", port, requests, serverErrors, connectFailures, buckets);
	}

	private static InstanceSnapshot online(String id, int port, String version) {
		return instance(ORDERS, id, port, version);
	}

	private static InstanceSnapshot instance(ServiceName service, String id, int port, String version) {
		return new InstanceSnapshot(InstanceId.of(id), service, "127.0.0.1", port, Version.of(version), "/health",
				Lifecycle.ONLINE, new ObservedHealth(HealthStatus.HEALTHY, Version.of(version), "", NOW), "ops", 3, NOW,
				"", Version.of("v1"));
	}

	private static SetPeerGate gate(int port, Gate gate, boolean open, Integer weight) {
		return new SetPeerGate(CommandId.random(), ORDERS, "127.0.0.1", port, gate, open, "deployer", "canary", NOW,
				weight);
	}

	private static NodeHeartbeat heartbeat(UpstreamPeer peer) {
		return new NodeHeartbeat(NodeId.of("edge-1"), "epoch-1", List.of(ORDERS), 1000, NOW, List.of(peer));
	}

	private static DeployStarted started(String id) {
		return new DeployStarted(DeployId.of(id), ORDERS, Version.of("v2"), List.of(List.of(InstanceId.of("orders-1"))),
				Map.of(), "ops", NOW, null, 0, 0, false);
	}

}
