package dev.baton.deployer.rollout.run;

import java.time.Duration;
import java.time.Instant;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.Set;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicBoolean;

import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;

import dev.baton.contracts.InstanceId;
import dev.baton.contracts.NodeId;
import dev.baton.contracts.Version;
import dev.baton.contracts.deploy.BakeStarted;
import dev.baton.contracts.deploy.DeployFailed;
import dev.baton.contracts.deploy.DeployRollingBack;
import dev.baton.contracts.deploy.InstanceDrained;
import dev.baton.contracts.deploy.InstanceRestartStarted;
import dev.baton.contracts.health.HealthStatus;
import dev.baton.contracts.health.VerdictIssued;
import dev.baton.contracts.nginx.DrainDeadline;
import dev.baton.contracts.nginx.NodeLeft;
import dev.baton.contracts.nginx.PeerDrainTimedOut;
import dev.baton.contracts.nginx.PeerDrained;
import dev.baton.contracts.nginx.SetPeerGate;
import dev.baton.deployer.rollout.ProcessWatch;
import dev.baton.deployer.rollout.RolloutWorld;
import dev.baton.deployer.rollout.plan.DeployPlan;
import dev.baton.deployer.rollout.plan.ServicePolicy;
import dev.baton.deployer.rollout.step.Stage;

import static dev.baton.deployer.rollout.RolloutWorld.target;
import static org.assertj.core.api.Assertions.assertThat;
import static org.awaitility.Awaitility.await;

class DeployRunTests {

	private final RolloutWorld world = new RolloutWorld();

	@BeforeEach
	void oneNode() {
		this.world.node("a", true);
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
	void holdsTheNextBatchInRotationUntilTheSlowStartTheNodesReportForTheLastOneIsOver() throws InterruptedException {
		this.world.slowStartMillis = 300;
		run(this.world.plan("v2", RolloutWorld.policy(), List.of(List.of(target(1)), List.of(target(2)))));

		assertThat(this.world.describedSteps()).containsSubsequence("enabled orders-1 ROLLOUT", "BakeStarted",
				"BakeEnded", "drained orders-2 ROLLOUT");
		assertThat(this.world.steps).filteredOn(BakeStarted.class::isInstance)
			.singleElement()
			.satisfies(
					(step) -> assertThat(((BakeStarted) step).bakeMillis()).as("the bake is the ramp").isEqualTo(300));
	}

	@Test
	void closesEveryGateOfABatchBeforeRestartingAny() throws InterruptedException {
		run(this.world.plan("v2", RolloutWorld.downtimeAccepted(), List.of(List.of(target(1), target(2)))));

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

		run(this.world.plan("v2", RolloutWorld.downtimeAccepted(), List.of(List.of(target(1)))));

		assertThat(this.world.describedSteps()).containsExactly("drained orders-1 ROLLOUT",
				"restart started orders-1 ROLLOUT v2", "restarted orders-1 ROLLOUT v2", "verified orders-1 ROLLOUT",
				"enabled orders-1 ROLLOUT", "DeploySucceeded");
	}

	@Test
	void rollsBackAtOnceWithTheRuntimesWordsWhenTheRestartedProcessCrashesBeforeItsVerdict()
			throws InterruptedException {
		this.world.health = (restarted) -> restarted.version().value().equals("v2") ? null
				: RolloutWorld.verdict(restarted, HealthStatus.HEALTHY, restarted.version());
		this.world.watch = (version) -> version.value().equals("v2")
				? () -> Optional.of("supervisord says BACKOFF (Exited too quickly (process log may have details))")
				: ProcessWatch.NONE;
		ServicePolicy policy = new ServicePolicy(1, 0, Duration.ofSeconds(5), Duration.ofSeconds(60),
				Duration.ofSeconds(5), DrainDeadline.OnTimeout.PROCEED, Duration.ofMillis(100));
		long from = System.nanoTime();

		run(this.world.plan("v2", policy, List.of(List.of(target(1)))));

		assertThat(Duration.ofNanos(System.nanoTime() - from)).isLessThan(policy.healthTimeout().dividedBy(4));
		assertThat(this.world.describedSteps()).containsSubsequence("restarted orders-1 ROLLOUT v2",
				"DeployRollingBack", "restarted orders-1 ROLLBACK v1", "verified orders-1 ROLLBACK",
				"enabled orders-1 ROLLBACK", "DeployFailed");
		DeployFailed failed = (DeployFailed) this.world.steps.get(this.world.steps.size() - 1);
		assertThat(failed.reason()).startsWith("orders-1 crashed during verification: supervisord says BACKOFF"
				+ " (Exited too quickly (process log may have details))");
		assertThat(failed.rolledBack()).containsExactly(InstanceId.of("orders-1"));
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
	void keepsAnInstanceWhoseRollbackCannotBeVerifiedOutOfRotation() throws InterruptedException {
		this.world.health = (restarted) -> RolloutWorld.verdict(restarted, HealthStatus.UNHEALTHY, restarted.version());

		run(this.world.plan("v2", RolloutWorld.policy(), List.of(List.of(target(1)), List.of(target(2)))));

		DeployFailed failed = (DeployFailed) this.world.steps.get(this.world.steps.size() - 1);
		assertThat(failed.reason()).contains("orders-1 is UNHEALTHY after its restart on v2")
			.contains("rollback: orders-1 is UNHEALTHY after its restart on v1");
		assertThat(failed.keptOut()).containsExactly(InstanceId.of("orders-1"));
		assertThat(failed.rolledBack()).isEmpty();
		assertThat(this.world.gates).extracting((gate) -> gate.port() + (gate.open() ? " open" : " closed"))
			.containsExactly("9001 closed", "9001 closed");
		assertThat(this.world.audits).contains("rollback.kept-out ");
	}

	@Test
	void putsTheFailureOnRecordBeforeTheFirstRollbackStep() throws InterruptedException {
		this.world.health = (restarted) -> RolloutWorld.verdict(restarted, HealthStatus.UNHEALTHY, restarted.version());

		run(this.world.plan("v2", RolloutWorld.downtimeAccepted(), List.of(List.of(target(1)))));

		assertThat(this.world.describedSteps()).containsSubsequence("restarted orders-1 ROLLOUT v2",
				"DeployRollingBack", "drained orders-1 ROLLBACK");
		assertThat(this.world.steps).filteredOn(DeployRollingBack.class::isInstance)
			.singleElement()
			.satisfies((step) -> assertThat(((DeployRollingBack) step).reason())
				.contains("orders-1 is UNHEALTHY after its restart on v2"));
	}

	@Test
	void keepsOutAnInstanceWhoseRollbackDrainIsNotConfirmedAndNeverRestartsIt() throws InterruptedException {
		this.world.health = (restarted) -> RolloutWorld.verdict(restarted, HealthStatus.UNHEALTHY, restarted.version());
		this.world.onClose = (command) -> {
			if (command.reason().startsWith("ROLLBACK")) {
				this.world.answering.clear();
			}
		};

		run(this.world.plan("v2", shortDrain(), List.of(List.of(target(1)))));

		DeployFailed failed = (DeployFailed) this.world.steps.get(this.world.steps.size() - 1);
		assertThat(failed.keptOut()).containsExactly(InstanceId.of("orders-1"));
		assertThat(failed.reason()).contains("not confirmed drained by nginx node(s) [a]");
		assertThat(this.world.restarts).containsExactly("orders-1 v2");
		assertThat(this.world.describedSteps()).doesNotContain("drained orders-1 ROLLBACK");
		assertThat(this.world.gates.get(this.world.gates.size() - 1).open()).isFalse();
	}

	@Test
	void cancelTakesEffectAfterTheCurrentBatch() throws InterruptedException {
		DeployPlan plan = this.world.plan("v2", RolloutWorld.policy(), List.of(List.of(target(1)), List.of(target(2))));
		DeployRun run = this.world.runs.fresh(plan);
		this.world.onRestart = () -> run.controls().cancel("ops", "stop");

		run.run();

		assertThat(this.world.describedSteps()).containsExactly("drained orders-1 ROLLOUT",
				"restart started orders-1 ROLLOUT v2", "DeployCancelling", "restarted orders-1 ROLLOUT v2",
				"verified orders-1 ROLLOUT", "enabled orders-1 ROLLOUT", "DeployRollingBack",
				"drained orders-1 ROLLBACK", "restart started orders-1 ROLLBACK v1", "restarted orders-1 ROLLBACK v1",
				"verified orders-1 ROLLBACK", "enabled orders-1 ROLLBACK", "DeployFailed");
		assertThat(((DeployFailed) this.world.steps.get(this.world.steps.size() - 1)).reason())
			.isEqualTo("cancelled: ops: stop");
	}

	@Test
	void aPausedDeployFinishesTheBatchUnderWayThenHoldsBeforeTheNextUntilResumed() throws Exception {
		DeployPlan plan = this.world.plan("v2", RolloutWorld.policy(), List.of(List.of(target(1)), List.of(target(2))));
		DeployRun run = this.world.runs.fresh(plan);
		AtomicBoolean once = new AtomicBoolean();
		this.world.onRestart = () -> {
			if (once.compareAndSet(false, true)) {
				run.controls().pause("ops", "dashboards");
			}
		};
		CompletableFuture<Void> running = CompletableFuture.runAsync(() -> {
			try {
				run.run();
			}
			catch (InterruptedException ex) {
				Thread.currentThread().interrupt();
			}
		});

		await().atMost(Duration.ofSeconds(10))
			.until(() -> this.world.describedSteps().contains("enabled orders-1 ROLLOUT"));
		await().during(Duration.ofMillis(300))
			.atMost(Duration.ofSeconds(2))
			.until(() -> !this.world.describedSteps().contains("drained orders-2 ROLLOUT"));
		run.controls().resume("ops", "");
		running.get(10, TimeUnit.SECONDS);

		assertThat(this.world.describedSteps()).containsExactly("drained orders-1 ROLLOUT",
				"restart started orders-1 ROLLOUT v2", "DeployPaused", "restarted orders-1 ROLLOUT v2",
				"verified orders-1 ROLLOUT", "enabled orders-1 ROLLOUT", "DeployResumed", "drained orders-2 ROLLOUT",
				"restart started orders-2 ROLLOUT v2", "restarted orders-2 ROLLOUT v2", "verified orders-2 ROLLOUT",
				"enabled orders-2 ROLLOUT", "DeploySucceeded");
	}

	@Test
	void aSilentNodeKeepsTheInstanceFromRestartingReopensItsGateAndFailsTheDeployNamingIt()
			throws InterruptedException {
		this.world.node("b", false);

		run(this.world.plan("v2", shortDrain(), List.of(List.of(target(1)), List.of(target(2)))));

		assertThat(this.world.restarts).isEmpty();
		assertThat(this.world.describedSteps()).containsExactly("DeployRollingBack", "enabled orders-1 ROLLBACK",
				"DeployFailed");
		DeployFailed failed = (DeployFailed) this.world.steps.get(this.world.steps.size() - 1);
		assertThat(failed.reason()).contains("orders-1 was not confirmed drained by nginx node(s) [b]");
		assertThat(failed.rolledBack()).isEmpty();
		assertThat(failed.keptOut()).isEmpty();
		assertThat(this.world.gates).extracting((gate) -> gate.port() + (gate.open() ? " open" : " closed"))
			.containsExactly("9001 closed", "9001 open");
		assertThat(this.world.audits).contains("drain.unconfirmed ");
	}

	@Test
	void aNodeThatLeavesWhileAwaitedIsNoLongerWaitedForAndTheRemovalIsAudited() throws InterruptedException {
		this.world.node("b", false);
		this.world.onClose = (command) -> this.world.nginxEvent(new NodeLeft(NodeId.of("b"), "stopped", Instant.now()));

		run(this.world.plan("v2", RolloutWorld.downtimeAccepted(), List.of(List.of(target(1)))));

		InstanceDrained drained = (InstanceDrained) this.world.steps.get(0);
		assertThat(drained.nodes()).containsExactly(NodeId.of("a"));
		assertThat(this.world.audits).containsOnlyOnce("node.left b");
		assertThat(this.world.describedSteps()).last().isEqualTo("DeploySucceeded");
	}

	@Test
	void aDrainWithNoNodeAtAllIsNeverRecordedAsDrained() throws InterruptedException {
		this.world.nginxEvent(new NodeLeft(NodeId.of("a"), "stopped", Instant.now()));

		run(this.world.plan("v2", RolloutWorld.downtimeAccepted(), List.of(List.of(target(1)))));

		assertThat(this.world.describedSteps()).containsExactly("DeployRollingBack", "enabled orders-1 ROLLBACK",
				"DeployFailed");
		assertThat(((DeployFailed) this.world.steps.get(2)).reason())
			.contains("no nginx node serving orders was there to confirm that orders-1 is drained");
		assertThat(this.world.restarts).isEmpty();
	}

	@Test
	void aDrainThatTimesOutWithConnectionsOpenFailsTheDeployWithoutRestartingTheInstanceWhenThePolicySaysFail()
			throws InterruptedException {
		this.world.node("b", false);
		this.world.onClose = (command) -> this.world.nginxEvent(new PeerDrainTimedOut(NodeId.of("b"),
				command.commandId(), command.service(), command.host(), command.port(), 2, 100, Instant.now()));
		ServicePolicy fail = new ServicePolicy(1, 0, Duration.ofSeconds(5), Duration.ofSeconds(5),
				Duration.ofSeconds(5), DrainDeadline.OnTimeout.FAIL);

		run(this.world.plan("v2", fail, List.of(List.of(target(1)))));

		assertThat(this.world.steps.get(0)).isInstanceOfSatisfying(InstanceDrained.class,
				(drained) -> assertThat(drained.timedOut()).isTrue());
		assertThat(this.world.restarts).as("restarts").isEmpty();
		assertThat(this.world.gates).extracting((gate) -> gate.port() + (gate.open() ? " open" : " closed"))
			.containsExactly("9001 closed", "9001 open");
		assertThat(this.world.describedSteps()).last().isEqualTo("DeployFailed");
		assertThat(((DeployFailed) this.world.steps.get(this.world.steps.size() - 1)).reason())
			.contains("drain of orders-1 timed out after PT5S with 2 connection(s) still open on nginx node(s) [b]")
			.contains("it was not restarted (drain.on-timeout=fail)");
	}

	@Test
	void aDrainThatTimesOutWithConnectionsOpenRestartsTheInstanceAllTheSameWhenThePolicySaysProceed()
			throws InterruptedException {
		// node a drains the peer, node b times out with a WebSocket still open; both
		// confirm
		// the gate opening again
		this.world.node("b", true);
		this.world.unanswered = (command) -> !command.open();
		this.world.onClose = (command) -> {
			this.world.nginxEvent(new PeerDrained(NodeId.of("a"), command.commandId(), command.service(),
					command.host(), command.port(), 1, Instant.now()));
			this.world.nginxEvent(new PeerDrainTimedOut(NodeId.of("b"), command.commandId(), command.service(),
					command.host(), command.port(), 1, 100, Instant.now()));
		};
		ServicePolicy proceed = new ServicePolicy(1, 0, Duration.ofSeconds(5), Duration.ofSeconds(5),
				Duration.ofSeconds(5), DrainDeadline.OnTimeout.PROCEED);

		run(this.world.plan("v2", proceed, List.of(List.of(target(1)))));

		assertThat(this.world.restarts).containsExactly("orders-1 v2");
		assertThat(this.world.describedSteps()).last().isEqualTo("DeploySucceeded");
		assertThat(this.world.audits).contains("step.degraded ");
	}

	@Test
	void everyClosingCommandCarriesTheServicesDrainDeadlineAndPolicy() throws InterruptedException {
		ServicePolicy policy = new ServicePolicy(1, 0, Duration.ofSeconds(90), Duration.ofSeconds(5),
				Duration.ofSeconds(5), DrainDeadline.OnTimeout.PROCEED);

		run(this.world.plan("v2", policy, List.of(List.of(target(1)))));

		assertThat(this.world.gates).filteredOn((gate) -> !gate.open())
			.extracting(SetPeerGate::drain)
			.containsExactly(DrainDeadline.of(Duration.ofSeconds(90), DrainDeadline.OnTimeout.PROCEED));
		assertThat(this.world.gates).filteredOn(SetPeerGate::open).extracting(SetPeerGate::drain).containsOnlyNulls();
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

	private static ServicePolicy shortDrain() {
		return new ServicePolicy(1, 0, Duration.ofMillis(300), Duration.ofSeconds(5), Duration.ofSeconds(1),
				DrainDeadline.OnTimeout.PROCEED);
	}

	private void run(DeployPlan plan) throws InterruptedException {
		this.world.runs.fresh(plan).run();
	}

}
