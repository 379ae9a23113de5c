package dev.baton.deployer.rollout;

import java.time.Duration;
import java.time.Instant;
import java.util.List;
import java.util.Map;
import java.util.Set;

import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;

import dev.baton.contracts.InstanceId;
import dev.baton.contracts.NodeId;
import dev.baton.contracts.Version;
import dev.baton.contracts.deploy.DeployFailed;
import dev.baton.contracts.deploy.InstanceDrained;
import dev.baton.contracts.deploy.InstanceRestartStarted;
import dev.baton.contracts.health.HealthStatus;
import dev.baton.contracts.health.VerdictIssued;

import static dev.baton.deployer.rollout.RolloutWorld.target;
import static org.assertj.core.api.Assertions.assertThat;

class DeployRunTests {

	private final RolloutWorld world = new RolloutWorld();

	@BeforeEach
	void oneNode() {
		this.world.node("a", 60_000, true);
	}

	@Test
	void rollsEachBatchThroughDrainRestartVerifyEnable() throws InterruptedException {
		run(this.world.plan("v2", RolloutWorld.policy(), List.of(List.of(target(1)), List.of(target(2)))));

		assertThat(this.world.describedSteps()).containsExactly("drained orders-1 ROLLOUT",
				"restart started orders-1 ROLLOUT v2", "restarted orders-1 ROLLOUT v2", "verified orders-1 ROLLOUT",
				"enabled orders-1 ROLLOUT", "drained orders-2 ROLLOUT", "restart started orders-2 ROLLOUT v2",
				"restarted orders-2 ROLLOUT v2", "verified orders-2 ROLLOUT", "enabled orders-2 ROLLOUT",
				"DeploySucceeded");
		assertThat(this.world.gates).extracting((gate) -> gate.port() + (gate.open() ? " open" : " closed"))
			.containsExactly("9001 closed", "9001 open", "9002 closed", "9002 open");
	}

	@Test
	void closesEveryGateOfABatchBeforeRestartingAny() throws InterruptedException {
		run(this.world.plan("v2", RolloutWorld.policy(), List.of(List.of(target(1), target(2)))));

		assertThat(this.world.describedSteps()).startsWith("drained orders-1 ROLLOUT", "drained orders-2 ROLLOUT",
				"restart started orders-1 ROLLOUT v2", "restarted orders-1 ROLLOUT v2",
				"restart started orders-2 ROLLOUT v2", "restarted orders-2 ROLLOUT v2", "verified orders-1 ROLLOUT",
				"verified orders-2 ROLLOUT", "enabled orders-1 ROLLOUT", "enabled orders-2 ROLLOUT");
	}

	@Test
	void keepsAVerdictThatArrivesWhileTheRuntimeStillRestartsTheInstance() throws InterruptedException {
		this.world.health = (restarted) -> null;
		this.world.onRestart = () -> {
			InstanceRestartStarted started = (InstanceRestartStarted) this.world.steps.get(this.world.steps.size() - 1);
			this.world.board
				.onVerdict(new VerdictIssued(started.instanceId(), started.service(), started.host(), started.port(),
						HealthStatus.HEALTHY, started.version(), "", 1, 1, 0, Instant.now(), started.stepId()));
		};

		run(this.world.plan("v2", RolloutWorld.policy(), List.of(List.of(target(1)))));

		assertThat(this.world.describedSteps()).containsExactly("drained orders-1 ROLLOUT",
				"restart started orders-1 ROLLOUT v2", "restarted orders-1 ROLLOUT v2", "verified orders-1 ROLLOUT",
				"enabled orders-1 ROLLOUT", "DeploySucceeded");
	}

	@Test
	void rollsBackTouchedInstancesNewestFirstWhenAVersionIsWrong() throws InterruptedException {
		this.world.health = (restarted) -> RolloutWorld.verdict(restarted, HealthStatus.HEALTHY,
				restarted.instanceId().value().equals("orders-2") && restarted.version().value().equals("v2")
						? Version.of("v1") : restarted.version());

		run(this.world.plan("v2", RolloutWorld.policy(),
				List.of(List.of(target(1)), List.of(target(2)), List.of(target(3)))));

		assertThat(this.world.describedSteps()).endsWith("drained orders-2 ROLLBACK",
				"restart started orders-2 ROLLBACK v1", "restarted orders-2 ROLLBACK v1", "verified orders-2 ROLLBACK",
				"enabled orders-2 ROLLBACK", "drained orders-1 ROLLBACK", "restart started orders-1 ROLLBACK v1",
				"restarted orders-1 ROLLBACK v1", "verified orders-1 ROLLBACK", "enabled orders-1 ROLLBACK",
				"DeployFailed");
		DeployFailed failed = (DeployFailed) this.world.steps.get(this.world.steps.size() - 1);
		assertThat(failed.reason()).contains("reports version v1 instead of v2 (wrong version)");
		assertThat(failed.rolledBack()).containsExactly(InstanceId.of("orders-2"), InstanceId.of("orders-1"));
		assertThat(this.world.restarts).doesNotContain("orders-3 v2");
		assertThat(this.world.running).containsEntry(InstanceId.of("orders-1"), Version.of("v1"));
	}

	@Test
	void reopensTheGateEvenWhenTheRollbackCannotBeVerified() throws InterruptedException {
		this.world.health = (restarted) -> RolloutWorld.verdict(restarted, HealthStatus.UNHEALTHY, restarted.version());

		run(this.world.plan("v2", RolloutWorld.policy(), List.of(List.of(target(1)), List.of(target(2)))));

		DeployFailed failed = (DeployFailed) this.world.steps.get(this.world.steps.size() - 1);
		assertThat(failed.reason()).contains("orders-1 is UNHEALTHY after its restart on v2")
			.contains("rollback: orders-1 is UNHEALTHY after its restart on v1");
		assertThat(this.world.gates.get(this.world.gates.size() - 1).open()).isTrue();
		assertThat(this.world.audits).contains("rollback.unverified ");
	}

	@Test
	void cancelTakesEffectAfterTheCurrentBatch() throws InterruptedException {
		DeployPlan plan = this.world.plan("v2", RolloutWorld.policy(), List.of(List.of(target(1)), List.of(target(2))));
		DeployRun run = this.world.runs.fresh(plan);
		this.world.onRestart = () -> run.cancel("ops: stop");

		run.run();

		assertThat(this.world.describedSteps()).containsExactly("drained orders-1 ROLLOUT",
				"restart started orders-1 ROLLOUT v2", "restarted orders-1 ROLLOUT v2", "verified orders-1 ROLLOUT",
				"enabled orders-1 ROLLOUT", "drained orders-1 ROLLBACK", "restart started orders-1 ROLLBACK v1",
				"restarted orders-1 ROLLBACK v1", "verified orders-1 ROLLBACK", "enabled orders-1 ROLLBACK",
				"DeployFailed");
		assertThat(((DeployFailed) this.world.steps.get(this.world.steps.size() - 1)).reason())
			.isEqualTo("cancelled: ops: stop");
	}

	@Test
	void stopsWaitingForANodeThatStopsHeartbeatingAndAuditsIt() throws InterruptedException {
		this.world.node("b", 300, false);

		run(this.world.plan("v2", RolloutWorld.policy(), List.of(List.of(target(1)))));

		InstanceDrained drained = (InstanceDrained) this.world.steps.get(0);
		assertThat(drained.nodes()).containsExactly(NodeId.of("a"));
		assertThat(drained.timedOut()).isFalse();
		assertThat(this.world.audits).contains("node.stale b");
		assertThat(this.world.describedSteps()).last().isEqualTo("DeploySucceeded");
	}

	@Test
	void aDrainTimeoutFailsTheDeployOnlyWhenConfiguredAsFatal() throws InterruptedException {
		this.world.node("b", 60_000, false);
		ServicePolicy fatal = new ServicePolicy(1, 1, Duration.ofMillis(100), Duration.ofSeconds(5),
				Duration.ofMillis(100), true);

		run(this.world.plan("v2", fatal, List.of(List.of(target(1)))));

		assertThat(this.world.steps.get(0)).isInstanceOfSatisfying(InstanceDrained.class,
				(drained) -> assertThat(drained.timedOut()).isTrue());
		assertThat(this.world.describedSteps()).last().isEqualTo("DeployFailed");
		assertThat(((DeployFailed) this.world.steps.get(this.world.steps.size() - 1)).reason())
			.contains("drain of orders-1 timed out");
	}

	@Test
	void aResumedDeployCarriesOnFromTheLastConfirmedStep() throws InterruptedException {
		DeployPlan plan = this.world.plan("v2", RolloutWorld.policy(), List.of(List.of(target(1)), List.of(target(2))));
		Resumption resumption = new Resumption(
				Map.of(InstanceId.of("orders-1"), Stage.ENABLED, InstanceId.of("orders-2"), Stage.DRAINED), Set.of(),
				List.of(), null);

		this.world.runs.resumed(plan, resumption).run();

		assertThat(this.world.describedSteps()).containsExactly("restart started orders-2 ROLLOUT v2",
				"restarted orders-2 ROLLOUT v2", "verified orders-2 ROLLOUT", "enabled orders-2 ROLLOUT",
				"DeploySucceeded");
	}

	@Test
	void aDeployResumedDuringItsRollbackFinishesTheRollback() throws InterruptedException {
		DeployPlan plan = this.world.plan("v2", RolloutWorld.policy(), List.of(List.of(target(1)), List.of(target(2))));
		Resumption resumption = new Resumption(
				Map.of(InstanceId.of("orders-1"), Stage.ENABLED, InstanceId.of("orders-2"), Stage.DRAINED), Set.of(),
				List.of(InstanceId.of("orders-2")), "restart failed");

		this.world.runs.resumed(plan, resumption).run();

		assertThat(this.world.describedSteps()).containsExactly("drained orders-1 ROLLBACK",
				"restart started orders-1 ROLLBACK v1", "restarted orders-1 ROLLBACK v1", "verified orders-1 ROLLBACK",
				"enabled orders-1 ROLLBACK", "DeployFailed");
		assertThat(((DeployFailed) this.world.steps.get(this.world.steps.size() - 1)).rolledBack())
			.containsExactly(InstanceId.of("orders-2"), InstanceId.of("orders-1"));
	}

	private void run(DeployPlan plan) throws InterruptedException {
		this.world.runs.fresh(plan).run();
	}

}
