package dev.baton.registry.departure;

import java.time.Duration;
import java.time.Instant;
import java.util.List;
import java.util.concurrent.atomic.AtomicLong;

import org.junit.jupiter.api.Test;

import dev.baton.contracts.NodeId;
import dev.baton.contracts.ServiceName;
import dev.baton.contracts.nginx.NodeForgotten;
import dev.baton.contracts.nginx.NodeHeartbeat;
import dev.baton.contracts.nginx.NodeLeft;

import static org.assertj.core.api.Assertions.assertThat;

/**
 * A drain waits for the nodes that may route to its service: heard from within the expiry
 * on this process's clock, whatever the heartbeat's own stamp says, and not gone.
 */
class LiveNodesTests {

	private static final ServiceName ORDERS = ServiceName.of("orders");

	private static final NodeId A = NodeId.of("node-a");

	private static final NodeId B = NodeId.of("node-b");

	private final AtomicLong nanos = new AtomicLong();

	private final LiveNodes nodes = new LiveNodes(Duration.ofMinutes(10), this.nanos::get);

	@Test
	void aNodeIsLiveFromItsHeartbeatAsReadHereUntilTheExpiryWhateverItsOwnClockSays() {
		this.nodes.follow(heartbeat(A, List.of(), Instant.parse("2001-01-01T00:00:00Z")));

		assertThat(this.nodes.of(ORDERS)).containsExactly(A);
		this.nanos.addAndGet(Duration.ofMinutes(10).toNanos());
		assertThat(this.nodes.of(ORDERS)).isEmpty();
	}

	@Test
	void aNodeServingOtherServicesOnlyIsNotWaitedFor() {
		this.nodes.follow(heartbeat(A, List.of(ServiceName.of("billing")), Instant.now()));
		this.nodes.follow(heartbeat(B, List.of(ORDERS), Instant.now()));

		assertThat(this.nodes.of(ORDERS)).containsExactly(B);
	}

	@Test
	void aNodeThatLeftOrWasForgottenIsGoneUntilItsNextHeartbeat() {
		this.nodes.follow(heartbeat(A, List.of(), Instant.now()));
		this.nodes.follow(heartbeat(B, List.of(), Instant.now()));

		assertThat(this.nodes.follow(new NodeLeft(A, "stopped", Instant.now()))).contains(A);
		assertThat(this.nodes.follow(new NodeForgotten(B, "alice", "host retired", Instant.now()))).contains(B);
		assertThat(this.nodes.of(ORDERS)).isEmpty();

		this.nodes.follow(heartbeat(A, List.of(), Instant.now()));
		assertThat(this.nodes.of(ORDERS)).containsExactly(A);
	}

	private static NodeHeartbeat heartbeat(NodeId node, List<ServiceName> services, Instant at) {
		return new NodeHeartbeat(node, "epoch", services, 2000, at);
	}

}
