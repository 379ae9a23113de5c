package dev.baton.nginx.sync;

import java.time.Duration;
import java.time.Instant;

import org.junit.jupiter.api.Test;

import dev.baton.contracts.CommandId;
import dev.baton.contracts.Gate;
import dev.baton.contracts.NodeId;
import dev.baton.contracts.ServiceName;
import dev.baton.contracts.nginx.PeerDrainTimedOut;
import dev.baton.contracts.nginx.PeerDrained;
import dev.baton.contracts.nginx.SetPeerGate;

import static org.assertj.core.api.Assertions.assertThat;

class OwedAnswersTests {

	private static final NodeId NODE = NodeId.of("node-1");

	private static final ServiceName ORDERS = ServiceName.of("orders");

	private final MutableClock clock = new MutableClock(Instant.parse("2026-01-01T10:00:00Z"));

	private final OwedAnswers owed = new OwedAnswers(NODE, Duration.ofMinutes(10));

	@Test
	void anotherNodesDrainDoesNotAnswerForThisNode() {
		SetPeerGate close = close("c1", 9001);
		this.owed.remember(close.key(), close);
		this.owed.answered(new PeerDrained(NodeId.of("node-2"), close.commandId(), ORDERS, "127.0.0.1", 9001, 3,
				this.clock.instant()));

		assertThat(this.owed.take()).containsExactly(close);
	}

	@Test
	void aTimedOutDrainIsAnAnswer() {
		SetPeerGate close = close("c1", 9001);
		this.owed.remember(close.key(), close);
		this.owed.answered(new PeerDrainTimedOut(NODE, close.commandId(), ORDERS, "127.0.0.1", 9001, 1, 30_000,
				this.clock.instant()));

		assertThat(this.owed.take()).isEmpty();
	}

	@Test
	void aRemovedGateIsOwedNothingAndCommandsAreAskedForOnce() {
		SetPeerGate removed = close("c1", 9001);
		SetPeerGate kept = close("c2", 9002);
		this.owed.remember(removed.key(), removed);
		this.owed.remember(kept.key(), kept);
		this.owed.forget(removed.key());

		assertThat(this.owed.take()).containsExactly(kept);
		assertThat(this.owed.take()).isEmpty();
	}

	@Test
	void theWindowIsJudgedOnEachWritersOwnClockSoThisNodesClockNeverSkipsAnOwedCommand() {
		// This node runs on today's clock; the writers stamped their commands long
		// before,
		// and the registry's clock is five minutes behind the deployer's.
		SetPeerGate deployerOld = close("d-old", 9001, "deployer-service", Duration.ofMinutes(-11));
		SetPeerGate deployerNew = close("d-new", 9002, "deployer-service", Duration.ZERO);
		SetPeerGate registryOnly = close("r-1", 9003, "registry-service", Duration.ofMinutes(-5));
		for (SetPeerGate command : new SetPeerGate[] { deployerOld, deployerNew, registryOnly }) {
			this.owed.remember(command.key(), command);
		}

		assertThat(this.owed.take()).containsExactly(deployerNew, registryOnly);
	}

	@Test
	void aCommandDecidedJustWithinTheWindowOfItsWritersNewestIsStillOwed() {
		SetPeerGate older = close("c1", 9001, "deployer-service", Duration.ofMinutes(-10));
		SetPeerGate newest = close("c2", 9002, "deployer-service", Duration.ZERO);
		this.owed.remember(older.key(), older);
		this.owed.remember(newest.key(), newest);

		assertThat(this.owed.take()).containsExactly(older, newest);
	}

	private SetPeerGate close(String id, int port, String by, Duration decidedAfter) {
		return new SetPeerGate(CommandId.of(id), ORDERS, "127.0.0.1", port, Gate.DEPLOY, false, by, "unit",
				this.clock.instant().plus(decidedAfter));
	}

	private SetPeerGate close(String id, int port) {
		return new SetPeerGate(CommandId.of(id), ORDERS, "127.0.0.1", port, Gate.DEPLOY, false, "test", "unit",
				this.clock.instant());
	}

}
