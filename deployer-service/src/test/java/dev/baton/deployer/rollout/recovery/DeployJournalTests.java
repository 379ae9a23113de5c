package dev.baton.deployer.rollout.recovery;

import java.time.Instant;
import java.util.List;
import java.util.Map;

import org.junit.jupiter.api.Test;

import dev.baton.contracts.DeployId;
import dev.baton.contracts.InstanceId;
import dev.baton.contracts.NodeId;
import dev.baton.contracts.ServiceName;
import dev.baton.contracts.StepId;
import dev.baton.contracts.Version;
import dev.baton.contracts.deploy.BakeStarted;
import dev.baton.contracts.deploy.CanaryPromoted;
import dev.baton.contracts.deploy.CanaryShare;
import dev.baton.contracts.deploy.DeployCancelling;
import dev.baton.contracts.deploy.DeployPaused;
import dev.baton.contracts.deploy.DeployPhase;
import dev.baton.contracts.deploy.DeployPlanned;
import dev.baton.contracts.deploy.DeployResumed;
import dev.baton.contracts.deploy.PeerFigures;
import dev.baton.contracts.deploy.DeployRollingBack;
import dev.baton.contracts.deploy.DeployStarted;
import dev.baton.contracts.deploy.DeployStrategy;
import dev.baton.contracts.deploy.DeploySucceeded;
import dev.baton.contracts.deploy.InstanceDrained;
import dev.baton.contracts.deploy.InstanceEnabled;
import dev.baton.contracts.deploy.InstanceLaunched;
import dev.baton.contracts.deploy.InstanceReplaced;
import dev.baton.contracts.deploy.InstanceRestarted;
import dev.baton.deployer.rollout.step.Stage;

import static org.assertj.core.api.Assertions.assertThat;

class DeployJournalTests {

	private static final ServiceName ORDERS = ServiceName.of("orders");

	private static final InstanceId ONE = InstanceId.of("orders-1");

	private static final InstanceId TWO = InstanceId.of("orders-2");

	private final DeployJournal journal = new DeployJournal();

	@Test
	void findsTheLastConfirmedStepOfEveryInstanceOfAnUnfinishedDeploy() {
		this.journal.apply(started("d-1"));
		this.journal.apply(drained("d-1", ONE, DeployPhase.ROLLOUT));
		this.journal.apply(enabled("d-1", ONE, DeployPhase.ROLLOUT));
		this.journal.apply(drained("d-1", TWO, DeployPhase.ROLLOUT));

		assertThat(this.journal.unfinished()).singleElement().satisfies((unfinished) -> {
			assertThat(unfinished.started().deployId()).isEqualTo(DeployId.of("d-1"));
			assertThat(unfinished.resumption().stages()).isEqualTo(Map.of(ONE, Stage.ENABLED, TWO, Stage.DRAINED));
			assertThat(unfinished.resumption().failure()).isNull();
		});
	}

	@Test
	void ignoresFinishedDeploys() {
		this.journal.apply(started("d-1"));
		this.journal.apply(new DeploySucceeded(DeployId.of("d-1"), ORDERS, Version.of("v2"), 5, Instant.now()));

		assertThat(this.journal.unfinished()).isEmpty();
		assertThat(this.journal.deployIds()).containsExactly(DeployId.of("d-1"));
	}

	@Test
	void resumesAFailedRestartOrAStartedRollbackAsARollback() {
		this.journal.apply(started("d-1"));
		this.journal.apply(drained("d-1", ONE, DeployPhase.ROLLOUT));
		this.journal.apply(new InstanceRestarted(DeployId.of("d-1"), ORDERS, ONE, "127.0.0.1", 9001,
				DeployPhase.ROLLOUT, StepId.of("s-1"), Version.of("v2"), 3, "boom", 1000, Instant.now()));
		this.journal.apply(started("d-2"));
		this.journal.apply(drained("d-2", ONE, DeployPhase.ROLLOUT));
		this.journal.apply(enabled("d-2", TWO, DeployPhase.ROLLBACK));

		assertThat(this.journal.unfinished()).extracting((unfinished) -> unfinished.resumption().failure())
			.containsExactly("restart of orders-1 on v2 failed with exit code 3",
					"rollback resumed after a deployer restart");
		assertThat(this.journal.unfinished().get(1).resumption().rolledBack()).containsExactly(TWO);
	}

	@Test
	void resumesADeployWhoseFailureIsOnRecordAsARollbackForThatReason() {
		this.journal.apply(started("d-1"));
		this.journal.apply(drained("d-1", ONE, DeployPhase.ROLLOUT));
		this.journal.apply(new DeployRollingBack(DeployId.of("d-1"), ORDERS, Version.of("v2"),
				"orders-1 is UNHEALTHY after its restart on v2", Instant.now()));

		assertThat(this.journal.unfinished()).singleElement()
			.satisfies((unfinished) -> assertThat(unfinished.resumption().failure())
				.isEqualTo("orders-1 is UNHEALTHY after its restart on v2"));
	}

	@Test
	void keepsTheStrategyAndWhatASurgeDeployLaunchedAndReplaced() {
		this.journal.apply(new DeployStarted(DeployId.of("d-1"), ORDERS, Version.of("v2"), List.of(List.of(ONE, TWO)),
				Map.of(ONE, Version.of("v1"), TWO, Version.of("v1")), "ci", Instant.now(), DeployStrategy.SURGE));
		InstanceLaunched first = new InstanceLaunched(DeployId.of("d-1"), ORDERS, ONE, "127.0.0.1", 9101,
				Version.of("v2"), Instant.now());
		InstanceLaunched second = new InstanceLaunched(DeployId.of("d-1"), ORDERS, TWO, "127.0.0.1", 9102,
				Version.of("v2"), Instant.now());
		this.journal.apply(first);
		this.journal.apply(second);
		this.journal
			.apply(new InstanceReplaced(DeployId.of("d-1"), ORDERS, ONE, InstanceId.of("orders-9101"), Instant.now()));

		assertThat(this.journal.unfinished()).singleElement().satisfies((unfinished) -> {
			assertThat(unfinished.started().strategy()).isEqualTo(DeployStrategy.SURGE);
			assertThat(unfinished.surge().launched()).containsExactly(first, second);
			assertThat(unfinished.surge().replaced()).containsExactly(Map.entry(ONE, InstanceId.of("orders-9101")));
			assertThat(unfinished.surge().failure()).isNull();
		});
	}

	@Test
	void aPausedDeployIsStillPausedAndACancelledOneStillCancelledWhenReadBack() {
		this.journal.apply(started("d-1"));
		this.journal.apply(new DeployPaused(DeployId.of("d-1"), ORDERS, Version.of("v2"), "ops", "one", Instant.now()));
		this.journal.apply(new DeployResumed(DeployId.of("d-1"), ORDERS, Version.of("v2"), "ops", "", Instant.now()));
		this.journal.apply(new DeployPaused(DeployId.of("d-1"), ORDERS, Version.of("v2"), "ops", "two", Instant.now()));
		this.journal.apply(started("d-2"));
		this.journal.apply(
				new DeployCancelling(DeployId.of("d-2"), ORDERS, Version.of("v2"), "ops", "wrong day", Instant.now()));

		assertThat(this.journal.unfinished()).satisfiesExactly((paused) -> {
			assertThat(paused.resumption().paused().reason()).isEqualTo("two");
			assertThat(paused.resumption().cancelling()).isNull();
		}, (cancelled) -> {
			assertThat(cancelled.resumption().paused()).isNull();
			assertThat(cancelled.resumption().cancelling().reason()).isEqualTo("wrong day");
		});
	}

	@Test
	void keepsWhichBakesEndedAndTheWeightEachGateOpenedAt() {
		this.journal.apply(started("d-1"));
		this.journal.apply(new InstanceEnabled(DeployId.of("d-1"), ORDERS, ONE, DeployPhase.ROLLOUT, List.of(),
				Instant.now(), 22));
		this.journal.apply(new BakeStarted(DeployId.of("d-1"), ORDERS, Version.of("v2"), List.of(ONE), 60_000,
				new CanaryShare(10, 22, 1, 1), Instant.now()));
		this.journal.apply(new CanaryPromoted(DeployId.of("d-1"), ORDERS, Version.of("v2"), List.of(ONE),
				new PeerFigures(200, 0, 0, 12), new PeerFigures(1800, 0, 0, 11), "clean", Instant.now()));
		this.journal.apply(enabled("d-1", TWO, DeployPhase.ROLLOUT));
		this.journal.apply(new BakeStarted(DeployId.of("d-1"), ORDERS, Version.of("v2"), List.of(TWO), 60_000, null,
				Instant.now()));

		assertThat(this.journal.unfinished()).singleElement().satisfies((unfinished) -> {
			assertThat(unfinished.resumption().baked()).containsExactly(ONE);
			assertThat(unfinished.resumption().weights()).isEqualTo(Map.of(ONE, 22, TWO, 100));
		});
	}

	@Test
	void aDryRunsPlanOnlyUsesUpItsId() {
		this.journal.apply(new DeployPlanned(DeployId.of("plan-1"), ORDERS, Version.of("v2"), DeployStrategy.ROLLING,
				List.of(List.of(ONE)), Map.of(), List.of(), 0, null, List.of(), "ci", Instant.now()));

		assertThat(this.journal.unfinished()).isEmpty();
		assertThat(this.journal.deployIds()).containsExactly(DeployId.of("plan-1"));
	}

	private static DeployStarted started(String deployId) {
		return new DeployStarted(DeployId.of(deployId), ORDERS, Version.of("v2"), List.of(List.of(ONE), List.of(TWO)),
				Map.of(ONE, Version.of("v1"), TWO, Version.of("v1")), "ci", Instant.now());
	}

	private static InstanceDrained drained(String deployId, InstanceId instance, DeployPhase phase) {
		return new InstanceDrained(DeployId.of(deployId), ORDERS, instance, phase, List.of(NodeId.of("a")), false, 3,
				Instant.now());
	}

	private static InstanceEnabled enabled(String deployId, InstanceId instance, DeployPhase phase) {
		return new InstanceEnabled(DeployId.of(deployId), ORDERS, instance, phase, List.of(NodeId.of("a")),
				Instant.now());
	}

}
