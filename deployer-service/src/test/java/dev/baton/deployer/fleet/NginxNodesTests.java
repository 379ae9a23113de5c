package dev.baton.deployer.fleet;

import java.time.Duration;
import java.time.Instant;
import java.util.ArrayList;
import java.util.List;

import org.junit.jupiter.api.Test;

import dev.baton.clock.Ticker;
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

	private final HandTicker ticker = new HandTicker();

	private final List<String> removals = new ArrayList<>();

	private final NginxNodes nodes = new NginxNodes(this.ticker, Duration.ofMinutes(10),
			(node, action, reason) -> this.removals.add(action + " " + node));

	@Test
	void aSilentNodeIsStillWaitedForLongAfterItsLastHeartbeatUntilTheExpiry() {
		this.nodes.follow(heartbeat("a", NOW, List.of()));

		assertThat(this.nodes.nodesOf(ORDERS)).containsExactly(A);
		this.ticker.advance(Duration.ofMinutes(9));
		assertThat(this.nodes.isMember(A)).isTrue();

		this.ticker.advance(Duration.ofMinutes(1));
		assertThat(this.nodes.nodesOf(ORDERS)).isEmpty();
		this.nodes.nodesOf(ORDERS);
		assertThat(this.removals).containsExactly("node.expired a");
	}

	@Test
	void aNodeThatLeftOrWasForgottenIsNoLongerWaitedForUntilItsNextHeartbeat() {
		this.nodes.follow(heartbeat("a", NOW, List.of()));
		this.nodes.follow(heartbeat("b", NOW, List.of()));

		this.nodes.follow(new NodeLeft(A, "stopped", NOW));
		this.nodes.follow(new NodeForgotten(NodeId.of("b"), "ops", "host gone", NOW));
		this.nodes.follow(new NodeLeft(A, "stopped", NOW));

		assertThat(this.nodes.nodesOf(ORDERS)).isEmpty();
		assertThat(this.removals).containsExactly("node.left a", "node.forgotten b");
		this.nodes.follow(heartbeat("a", NOW, List.of()));
		assertThat(this.nodes.nodesOf(ORDERS)).containsExactly(A);
	}

	@Test
	void theLastRecordReadOfANodeDecidesWhateverTimesTheyCarry() {
		// One node's heartbeats and removals share its key, so they are read in the order
		// they were written; the times on them come from clocks that may disagree.
		this.nodes.replay(heartbeat("a", NOW, List.of()));
		this.nodes.replay(new NodeForgotten(A, "ops", "host gone", NOW.minus(Duration.ofMinutes(5))));
		assertThat(this.nodes.nodesOf(ORDERS)).isEmpty();

		this.nodes.replay(heartbeat("a", NOW.minus(Duration.ofMinutes(10)), List.of()));
		assertThat(this.nodes.nodesOf(ORDERS)).containsExactly(A);
		assertThat(this.removals).isEmpty();
	}

	@Test
	void aNodeClockFiveMinutesAheadOrBehindChangesNothingOfTheExpiry() {
		this.nodes.follow(heartbeat("ahead", NOW.plus(Duration.ofMinutes(5)), List.of()));
		this.nodes.follow(heartbeat("behind", NOW.minus(Duration.ofMinutes(5)), List.of()));
		this.nodes.follow(heartbeat("on-time", NOW, List.of()));

		assertThat(this.nodes.untilExpiry(NodeId.of("ahead"))).contains(Duration.ofMinutes(10));
		assertThat(this.nodes.untilExpiry(NodeId.of("behind"))).contains(Duration.ofMinutes(10));
		this.ticker.advance(Duration.ofMinutes(10).minusNanos(1));
		assertThat(this.nodes.nodesOf(ORDERS)).extracting(NodeId::value).containsExactly("ahead", "behind", "on-time");
		this.ticker.advance(Duration.ofNanos(1));
		assertThat(this.nodes.nodesOf(ORDERS)).isEmpty();
		assertThat(this.nodes.untilExpiry(NodeId.of("behind"))).contains(Duration.ZERO);
	}

	@Test
	void aHeartbeatReadBackAtStartCountsFromWhenItWasRead() {
		this.nodes.replay(heartbeat("a", NOW.minus(Duration.ofMinutes(9)), List.of()));

		this.ticker.advance(Duration.ofMinutes(9));
		assertThat(this.nodes.isMember(A)).isTrue();
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

	/**
	 * A monotonic clock moved by hand, from an origin far from zero as a JVM's may be.
	 */
	static final class HandTicker implements Ticker {

		private volatile long nanos = -4_000_000_000_000L;

		void advance(Duration duration) {
			this.nanos += duration.toNanos();
		}

		@Override
		public long nanos() {
			return this.nanos;
		}

	}

}
