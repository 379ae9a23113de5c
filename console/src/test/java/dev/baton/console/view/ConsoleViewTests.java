package dev.baton.console.view;

import java.time.Instant;
import java.util.ArrayList;
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
import dev.baton.contracts.nginx.SetPeerGate;
import dev.baton.contracts.nginx.UpstreamPeer;
import dev.baton.contracts.registry.InstanceSnapshot;
import dev.baton.contracts.registry.Lifecycle;
import dev.baton.contracts.registry.ObservedHealth;
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

	private static InstanceSnapshot online(String id, int port, String version) {
		return new InstanceSnapshot(InstanceId.of(id), ORDERS, "127.0.0.1", port, Version.of(version), "/health",
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
