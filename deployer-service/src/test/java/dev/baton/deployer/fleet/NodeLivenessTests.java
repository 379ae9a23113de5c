package dev.baton.deployer.fleet;

import java.time.Clock;
import java.time.Duration;
import java.time.Instant;
import java.time.ZoneOffset;
import java.util.List;

import org.junit.jupiter.api.Test;

import dev.baton.contracts.NodeId;
import dev.baton.contracts.ServiceName;
import dev.baton.contracts.nginx.NodeHeartbeat;

import static org.assertj.core.api.Assertions.assertThat;

class NodeLivenessTests {

	private static final Instant NOW = Instant.parse("2026-11-29T10:00:00Z");

	private static final ServiceName ORDERS = ServiceName.of("orders");

	private final NodeLiveness liveness = new NodeLiveness(Clock.fixed(NOW, ZoneOffset.UTC));

	@Test
	void aNodeIsLiveForThreeOfItsIntervalsAfterItsLastHeartbeat() {
		this.liveness.heard(heartbeat("a", NOW.minusMillis(2999), List.of()));
		this.liveness.heard(heartbeat("b", NOW.minusMillis(3000), List.of()));

		assertThat(this.liveness.liveNodesOf(ORDERS)).containsExactly(NodeId.of("a"));
		assertThat(this.liveness.isLive(NodeId.of("b"))).isFalse();
	}

	@Test
	void aHeartbeatFromTheFutureCountsFromNow() {
		this.liveness.heard(heartbeat("a", NOW.plus(Duration.ofHours(1)), List.of()));

		assertThat(this.liveness.expiresAt(NodeId.of("a"))).contains(NOW.plusMillis(3000));
	}

	@Test
	void onlyNodesServingTheServiceMustAnswerForIt() {
		this.liveness.heard(heartbeat("a", NOW, List.of(ORDERS)));
		this.liveness.heard(heartbeat("b", NOW, List.of(ServiceName.of("billing"))));

		assertThat(this.liveness.liveNodesOf(ORDERS)).containsExactly(NodeId.of("a"));
	}

	private static NodeHeartbeat heartbeat(String node, Instant at, List<ServiceName> services) {
		return new NodeHeartbeat(NodeId.of(node), "e", services, 1000, at);
	}

}
