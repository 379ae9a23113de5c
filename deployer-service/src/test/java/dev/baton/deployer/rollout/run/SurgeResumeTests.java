package dev.baton.deployer.rollout.run;

import java.time.Duration;
import java.time.Instant;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.stream.IntStream;

import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.MethodSource;

import dev.baton.contracts.Gate;
import dev.baton.contracts.GateKey;
import dev.baton.contracts.InstanceId;
import dev.baton.contracts.Version;
import dev.baton.contracts.deploy.DeployFailed;
import dev.baton.contracts.deploy.DeployStarted;
import dev.baton.contracts.deploy.DeployStep;
import dev.baton.contracts.deploy.DeployStrategy;
import dev.baton.contracts.deploy.DeploySucceeded;
import dev.baton.contracts.health.HealthStatus;
import dev.baton.contracts.nginx.DrainDeadline;
import dev.baton.contracts.registry.InstanceSnapshot;
import dev.baton.deployer.rollout.RolloutWorld;
import dev.baton.deployer.rollout.plan.DeployPlan;
import dev.baton.deployer.rollout.plan.DeployTarget;
import dev.baton.deployer.rollout.plan.ServicePolicy;
import dev.baton.deployer.rollout.recovery.DeployJournal;
import dev.baton.deployer.rollout.recovery.DeployRecovery;

import static dev.baton.deployer.rollout.RolloutWorld.target;
import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

/**
 * A deployer killed after any step of a surge deploy, and started again, finishes it as
 * if nothing had happened: the new instances serve, the old ones were drained before they
 * were stopped, capacity never dipped and no instance was restarted or left running
 * unregistered. A failing one killed while it removes what it started goes on removing
 * it.
 */
class SurgeResumeTests {

	/** Steps of the undisturbed deploy of two instances, DeployStarted included. */
	private static final int STEPS = 16;

	private static final ServicePolicy SURGE = new ServicePolicy(1, 1, Duration.ofSeconds(5), Duration.ofSeconds(5),
			Duration.ofSeconds(5), DrainDeadline.OnTimeout.PROCEED, Duration.ofMillis(50), DeployStrategy.SURGE,
			List.of(9101, 9102));

	private final RolloutWorld world = new RolloutWorld();

	@BeforeEach
	void twoInstancesOnlineBehindOneNode() {
		this.world.node("a", true);
		this.world.online(target(1), target(2));
	}

	@ParameterizedTest(name = "killed after step {0}")
	@MethodSource("everyStepButTheLast")
	void aSurgeDeployKilledAfterAnyStepEndsAsIfNothingHadHappened(int killedAfter) throws InterruptedException {
		DeployPlan plan = this.world.plan("v2", SURGE, List.of(List.of(target(1), target(2))));

		runKilledAfter(plan, killedAfter);
		resume();

		assertThat(last()).isInstanceOf(DeploySucceeded.class);
		assertThat(this.world.fleet.instancesOf(RolloutWorld.ORDERS)).extracting((i) -> i.instanceId().value())
			.containsExactly("new-9101", "new-9102");
		assertThat(this.world.running.keySet()).extracting(InstanceId::value)
			.as("nothing left running but the new instances")
			.containsExactlyInAnyOrder("new-9101", "new-9102");
		assertThat(this.world.stoppedInRotation).as("stopped before it was drained").isEmpty();
		assertThat(this.world.leastInRotation).isGreaterThanOrEqualTo(2);
		assertThat(this.world.restarts).as("restarted in place").isEmpty();
		assertEveryGateOfTheNewInstancesOpen();
	}

	@ParameterizedTest(name = "killed after step {0}")
	@MethodSource("everyStepOfAFailedDeploy")
	void aFailingSurgeDeployKilledAfterAnyStepLeavesTheOldInstancesServingAndNoNewOneRunning(int killedAfter)
			throws InterruptedException {
		this.world.health = (restarted) -> RolloutWorld.verdict(restarted, HealthStatus.HEALTHY, Version.of("v1"));
		DeployPlan plan = this.world.plan("v2", SURGE, List.of(List.of(target(1), target(2))));

		runKilledAfter(plan, killedAfter);
		resume();

		assertThat(last()).isInstanceOfSatisfying(DeployFailed.class,
				(failed) -> assertThat(failed.reason()).contains("reports version v1 instead of v2"));
		assertThat(this.world.fleet.instancesOf(RolloutWorld.ORDERS)).extracting((i) -> i.instanceId().value())
			.containsExactly("orders-1", "orders-2");
		assertThat(this.world.running.keySet()).extracting(InstanceId::value)
			.containsExactlyInAnyOrder("orders-1", "orders-2");
		assertThat(this.world.inRotation()).isEqualTo(2);
		assertThat(this.world.restarts).isEmpty();
	}

	static IntStream everyStepButTheLast() {
		return IntStream.range(1, STEPS);
	}

	/**
	 * The failing deploy's steps: started, launched ×2, its two starts, the verdict's
	 * failure, DeployRollingBack and DeployFailed.
	 */
	static IntStream everyStepOfAFailedDeploy() {
		return IntStream.range(1, 9);
	}

	private void runKilledAfter(DeployPlan plan, int killedAfter) {
		this.world.killAfterSteps = killedAfter;
		assertThatThrownBy(() -> {
			this.world.step(new DeployStarted(plan.deployId(), plan.service(), plan.version(),
					plan.batches()
						.stream()
						.map((batch) -> batch.stream().map(DeployTarget::instanceId).toList())
						.toList(),
					Map.of(), plan.requestedBy(), Instant.now(), DeployStrategy.SURGE));
			this.world.runs.fresh(plan).run();
		}).isInstanceOf(RolloutWorld.DeployerKilled.class);
		assertThat(this.world.steps).hasSize(killedAfter);
	}

	private void resume() throws InterruptedException {
		this.world.restartDeployer();
		DeployJournal journal = new DeployJournal();
		List.copyOf(this.world.steps).forEach(journal::apply);
		DeployRecovery recovery = new DeployRecovery(this.world.fleet, this.world.deployGates,
				(service) -> Optional.of(SURGE), this.world.runs, new DeployDesk(this.world.fleet, this.world.nodes,
						(service) -> Optional.of(SURGE), this.world.runs, this.world, (run) -> {
						}, this.world.clock),
				this.world, this.world.clock);
		List<DeployRun> resumed = recovery.recover(journal);
		this.world.replayVerdicts();
		assertThat(resumed).hasSize(1);
		resumed.get(0).run();
	}

	private DeployStep last() {
		return this.world.steps.get(this.world.steps.size() - 1);
	}

	private void assertEveryGateOfTheNewInstancesOpen() {
		for (InstanceSnapshot instance : this.world.fleet.instancesOf(RolloutWorld.ORDERS)) {
			assertThat(this.world.deployGates.closed())
				.doesNotContain(new GateKey(RolloutWorld.ORDERS, instance.endpoint(), Gate.DEPLOY));
			assertThat(instance.adminGateOpen() && instance.healthGateOpen()).isTrue();
		}
	}

}
