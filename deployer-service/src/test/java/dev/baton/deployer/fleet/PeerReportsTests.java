package dev.baton.deployer.fleet;

import java.time.Duration;
import java.time.Instant;
import java.util.List;
import java.util.Set;
import java.util.concurrent.CompletableFuture;

import org.junit.jupiter.api.Test;

import dev.baton.contracts.CommandId;
import dev.baton.contracts.Endpoint;
import dev.baton.contracts.NodeId;
import dev.baton.contracts.ServiceName;
import dev.baton.contracts.nginx.NodeHeartbeat;
import dev.baton.contracts.nginx.NodeLeft;
import dev.baton.contracts.nginx.PeerApplied;
import dev.baton.contracts.nginx.PeerDrained;
import dev.baton.contracts.nginx.UpstreamPeer;

import static org.assertj.core.api.Assertions.assertThat;

class PeerReportsTests {

	private static final ServiceName ORDERS = ServiceName.of("orders");

	private static final Endpoint PEER = new Endpoint("127.0.0.1", 9001);

	private static final NodeId A = NodeId.of("a");

	private static final NodeId B = NodeId.of("b");

	private static final Instant T0 = Instant.parse("2030-01-01T00:00:00Z");

	private final PeerReports reports = new PeerReports();

	@Test
	void aPeerANodeDrainedIsHeldOutByThatNodeUntilItReportsThePeerUpAgain() {
		this.reports.observe(new PeerDrained(A, CommandId.random(), ORDERS, "127.0.0.1", 9001, 5, T0));

		assertThat(this.reports.holdingOut(ORDERS, PEER, Set.of(A, B))).containsExactly(A);

		this.reports.observe(applied(A, true, T0.plusSeconds(1)));

		assertThat(this.reports.holdingOut(ORDERS, PEER, Set.of(A, B))).isEmpty();
	}

	@Test
	void aNodeThatNeverSpokeOfAPeerOrIsNoLongerLiveDoesNotHoldItOut() {
		this.reports.observe(applied(B, false, T0));

		assertThat(this.reports.holdingOut(ORDERS, PEER, Set.of(A))).isEmpty();
		assertThat(this.reports.holdingOut(ORDERS, new Endpoint("127.0.0.1", 9002), Set.of(A, B))).isEmpty();
	}

	@Test
	void aHeartbeatOlderThanTheNodesLatestAnswerDoesNotOverrideIt() {
		this.reports.observe(applied(A, false, T0.plusSeconds(2)));
		this.reports.observe(heartbeat(true, T0.plusSeconds(1)));

		assertThat(this.reports.holdingOut(ORDERS, PEER, Set.of(A))).containsExactly(A);

		this.reports.observe(heartbeat(true, T0.plusSeconds(3)));

		assertThat(this.reports.holdingOut(ORDERS, PEER, Set.of(A))).isEmpty();
	}

	@Test
	void aNodeRestartedOnAClockFiveMinutesBehindIsBelievedAgainFromItsSecondHeartbeat() {
		this.reports.observe(applied(A, false, T0));
		Instant behind = T0.minus(Duration.ofMinutes(5));

		this.reports.observe(heartbeat(true, behind.plusSeconds(3)));
		assertThat(this.reports.holdingOut(ORDERS, PEER, Set.of(A))).containsExactly(A);

		this.reports.observe(heartbeat(true, behind.plusSeconds(5)));
		assertThat(this.reports.holdingOut(ORDERS, PEER, Set.of(A))).isEmpty();

		this.reports.observe(applied(A, false, behind.plusSeconds(6)));
		assertThat(this.reports.holdingOut(ORDERS, PEER, Set.of(A))).containsExactly(A);
	}

	@Test
	void anAnswerReadAfterAHeartbeatTakenLaterDoesNotOverrideIt() {
		this.reports.observe(heartbeat(true, T0.plusSeconds(2)));
		this.reports.observe(applied(A, false, T0.plusSeconds(1)));

		assertThat(this.reports.holdingOut(ORDERS, PEER, Set.of(A))).isEmpty();
	}

	@Test
	void signalsWhenANodesWordOnAPeerChangesOrANodeLeavesButNotWhenItRepeatsItself() {
		CompletableFuture<Void> first = this.reports.changes().next();
		this.reports.observe(applied(A, false, T0));
		assertThat(first).isCompleted();

		CompletableFuture<Void> second = this.reports.changes().next();
		this.reports.observe(applied(A, false, T0.plusSeconds(1)));
		assertThat(second).isNotCompleted();

		this.reports.observe(new NodeLeft(A, "stopped", T0.plusSeconds(2)));
		assertThat(second).isCompleted();
	}

	private static PeerApplied applied(NodeId node, boolean up, Instant at) {
		return new PeerApplied(node, CommandId.random(), ORDERS, "127.0.0.1", 9001, up, at);
	}

	private static NodeHeartbeat heartbeat(boolean up, Instant at) {
		return new NodeHeartbeat(A, "e", List.of(ORDERS), 1000, at,
				List.of(new UpstreamPeer(ORDERS, "127.0.0.1", 9001, up, 100)));
	}

}
