package dev.baton.deployer.fleet;

import java.time.Clock;
import java.time.Duration;
import java.time.Instant;
import java.time.ZoneId;
import java.util.ArrayList;
import java.util.List;

import org.junit.jupiter.api.Test;

import dev.baton.contracts.NodeId;
import dev.baton.contracts.ServiceName;
import dev.baton.contracts.nginx.NodeForgotten;
import dev.baton.contracts.nginx.NodeHeartbeat;
import dev.baton.contracts.nginx.NodeLeft;

import static org.assertj.core.api.Assertions.assertThat;

class NginxNodesTests {

	private static final Instant NOW = Instant.parse("2026-11-29T10:00:00Z");

	private static final ServiceName ORDERS = ServiceName.of("orders");

	private static final NodeId A = NodeId.of("a");

	private final MovableClock clock = new MovableClock(NOW);

	private final List<String> removals = new ArrayList<>();

	private final NginxNodes nodes = new NginxNodes(this.clock, Duration.ofMinutes(10),
			(node, action, reason) -> this.removals.add(action + " " + node));

	@Test
	void aSilentNodeIsStillWaitedForLongAfterItsLastHeartbeatUntilTheExpiry() {
		this.nodes.follow(heartbeat("a", NOW.minusSeconds(30), List.of()));

		assertThat(this.nodes.nodesOf(ORDERS)).containsExactly(A);
		this.clock.now = NOW.plus(Duration.ofMinutes(9));
		assertThat(this.nodes.isMember(A)).isTrue();

		this.clock.now = NOW.plus(Duration.ofMinutes(10));
		assertThat(this.nodes.nodesOf(ORDERS)).isEmpty();
		this.nodes.nodesOf(ORDERS);
		assertThat(this.removals).containsExactly("node.expired a");
	}

	@Test
	void aNodeThatLeftOrWasForgottenIsNoLongerWaitedForUntilItsNextHeartbeat() {
		this.nodes.follow(heartbeat("a", NOW.minusSeconds(1), List.of()));
		this.nodes.follow(heartbeat("b", NOW.minusSeconds(1), List.of()));

		this.nodes.follow(new NodeLeft(A, "stopped", NOW));
		this.nodes.follow(new NodeForgotten(NodeId.of("b"), "ops", "host gone", NOW));
		this.nodes.follow(new NodeLeft(A, "stopped", NOW));

		assertThat(this.nodes.nodesOf(ORDERS)).isEmpty();
		assertThat(this.removals).containsExactly("node.left a", "node.forgotten b");
		this.clock.now = NOW.plusSeconds(1);
		this.nodes.follow(heartbeat("a", NOW.plusSeconds(1), List.of()));
		assertThat(this.nodes.nodesOf(ORDERS)).containsExactly(A);
	}

	@Test
	void aHeartbeatOlderThanTheRemovalDoesNotBringANodeBackWhateverTheOrderTheyAreReadIn() {
		this.nodes.replay(new NodeLeft(A, "stopped", NOW));
		this.nodes.replay(heartbeat("a", NOW.minusSeconds(1), List.of()));

		assertThat(this.nodes.nodesOf(ORDERS)).isEmpty();
		assertThat(this.removals).isEmpty();
	}

	@Test
	void aHeartbeatFromTheFutureCountsFromNow() {
		this.nodes.follow(heartbeat("a", NOW.plus(Duration.ofHours(1)), List.of()));

		assertThat(this.nodes.expiresAt(A)).contains(NOW.plus(Duration.ofMinutes(10)));
	}

	@Test
	void onlyNodesServingTheServiceMustAnswerForIt() {
		this.nodes.follow(heartbeat("a", NOW, List.of(ORDERS)));
		this.nodes.follow(heartbeat("b", NOW, List.of(ServiceName.of("billing"))));

		assertThat(this.nodes.nodesOf(ORDERS)).containsExactly(A);
	}

	private static NodeHeartbeat heartbeat(String node, Instant at, List<ServiceName> services) {
		return new NodeHeartbeat(NodeId.of(node), "e", services, 1000, at);
	}

	private static final class MovableClock extends Clock {

		private volatile Instant now;

		MovableClock(Instant now) {
			this.now = now;
		}

		@Override
		public ZoneId getZone() {
			return ZoneId.of("UTC");
		}

		@Override
		public Clock withZone(ZoneId zone) {
			return this;
		}

		@Override
		public Instant instant() {
			return this.now;
		}

	}

}
