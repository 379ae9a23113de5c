package dev.baton.deployer.rollout.recovery;

import java.time.Duration;
import java.time.Instant;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.Optional;

import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;

import dev.baton.contracts.CommandId;
import dev.baton.contracts.DeployId;
import dev.baton.contracts.Endpoint;
import dev.baton.contracts.Gate;
import dev.baton.contracts.GateKey;
import dev.baton.contracts.InstanceId;
import dev.baton.contracts.NodeId;
import dev.baton.contracts.ServiceName;
import dev.baton.contracts.StepId;
import dev.baton.contracts.Version;
import dev.baton.contracts.deploy.DeployFailed;
import dev.baton.contracts.deploy.DeployPhase;
import dev.baton.contracts.deploy.DeployStarted;
import dev.baton.contracts.deploy.InstanceDrained;
import dev.baton.contracts.deploy.InstanceRestartStarted;
import dev.baton.contracts.health.HealthStatus;
import dev.baton.contracts.nginx.DrainDeadline;
import dev.baton.contracts.nginx.SetPeerGate;
import dev.baton.contracts.registry.InstanceSnapshot;
import dev.baton.contracts.registry.Lifecycle;
import dev.baton.contracts.registry.ObservedHealth;
import dev.baton.deployer.fleet.KnownInstances;
import dev.baton.deployer.rollout.RolloutWorld;
import dev.baton.deployer.rollout.plan.ServicePolicy;
import dev.baton.deployer.rollout.run.DeployDesk;
import dev.baton.deployer.rollout.run.DeployRun;
import dev.baton.deployer.rollout.step.GateSteps;

import static org.assertj.core.api.Assertions.assertThat;

class DeployRecoveryTests {

	private static final InstanceId ONE = InstanceId.of("orders-1");

	private static final InstanceId TWO = InstanceId.of("orders-2");

	private final RolloutWorld world = new RolloutWorld();

	/** The fleet the resumed runs act on too. */
	private final KnownInstances fleet = this.world.fleet;

	private final List<Runnable> queued = new ArrayList<>();

	private final DeployDesk desk = new DeployDesk(this.fleet, this.world.nodes,
			(service) -> Optional.of(RolloutWorld.policy()), this.world.runs, this.world, this.queued::add,
			this.world.clock);

	private final DeployRecovery recovery = new DeployRecovery(this.fleet, this.world.deployGates,
			(service) -> Optional.of(RolloutWorld.policy()), this.world.runs, this.desk, this.world, this.world.clock);

	private final DeployJournal journal = new DeployJournal();

	@BeforeEach
	void twoInstancesOneNode() {
		for (int i = 1; i <= 2; i++) {
			this.fleet.update(new InstanceSnapshot(InstanceId.of("orders-" + i), RolloutWorld.ORDERS, "127.0.0.1",
					9000 + i, Version.of("v1"), "/health", Lifecycle.ONLINE,
					new ObservedHealth(HealthStatus.HEALTHY, Version.of("v1"), "", Instant.now()), "", 1,
					Instant.now()));
		}
		this.world.node("a", true);
	}

	@Test
	void onlyTheLatestUnfinishedDeployOfAServiceResumesAndAnOlderOneEndsSupersededKeepingOutWhatItRestarted()
			throws InterruptedException {
		this.journal.apply(started("d-1"));
		this.journal.apply(drained("d-1", ONE));
		this.journal.apply(new InstanceRestartStarted(DeployId.of("d-1"), RolloutWorld.ORDERS, ONE, "127.0.0.1", 9001,
				DeployPhase.ROLLOUT, StepId.of("s-1"), Version.of("v2"), 1000, Instant.now()));
		this.journal.apply(started("d-2"));
		closeGate(9001);
		closeGate(9002);
		this.world.gates.clear();

		List<DeployRun> resumed = this.recovery.recover(this.journal);

		assertThat(resumed).extracting(DeployRun::deployId).containsExactly(DeployId.of("d-2"));
		assertThat(this.world.steps).singleElement().isInstanceOfSatisfying(DeployFailed.class, (failed) -> {
			assertThat(failed.deployId()).isEqualTo(DeployId.of("d-1"));
			assertThat(failed.reason()).isEqualTo("superseded by d-2");
			assertThat(failed.keptOut()).containsExactly(ONE);
		});
		assertThat(this.world.gates).extracting((gate) -> gate.port() + (gate.open() ? " open" : " closed"))
			.containsExactly("9002 open");
	}

	@Test
	void aDrainedInstanceWhoseGateWasReopenedSinceIsDrainedAgainBeforeItIsRestarted() throws InterruptedException {
		this.journal.apply(started("d-1"));
		this.journal.apply(drained("d-1", ONE));

		List<DeployRun> resumed = this.recovery.recover(this.journal);
		resumed.get(0).run();

		assertThat(this.world.describedSteps()).startsWith("drained orders-1 ROLLOUT",
				"restart started orders-1 ROLLOUT v2");
		assertThat(this.world.describedSteps()).last().isEqualTo("DeploySucceeded");
	}

	@Test
	void leavesTheGateOfAnInstanceAFailedDeployKeptOutClosed() {
		this.journal.apply(started("d-1"));
		this.journal.apply(new DeployFailed(DeployId.of("d-1"), RolloutWorld.ORDERS, Version.of("v2"), "unhealthy",
				List.of(), 5, Instant.now(), List.of(ONE)));
		closeGate(9001);
		closeGate(9002);
		this.world.gates.clear();

		this.recovery.recover(this.journal);

		assertThat(this.world.gates).extracting((gate) -> gate.port() + (gate.open() ? " open" : " closed"))
			.containsExactly("9002 open");
	}

	@Test
	void aResumedDeployIsPlannedAgainUnderTheServicesPolicyAsItIsNow() throws InterruptedException {
		// one batch of both, as a request's batch size or a record written by hand may
		// say
		this.journal.apply(new DeployStarted(DeployId.of("d-1"), RolloutWorld.ORDERS, Version.of("v2"),
				List.of(List.of(ONE, TWO)), Map.of(), "ci", Instant.now()));

		this.recovery.recover(this.journal).get(0).run();

		assertThat(this.world.describedSteps()).containsSubsequence("enabled orders-1 ROLLOUT",
				"drained orders-2 ROLLOUT");
	}

	@Test
	void aDeployThatNamesAnotherServicesInstancesOrThatThePolicyNowForbidsIsClosedNotResumed() {
		this.fleet.update(new InstanceSnapshot(InstanceId.of("billing-1"), ServiceName.of("billing"), "127.0.0.1", 9101,
				Version.of("v1"), "/health", Lifecycle.ONLINE, null, "", 1, Instant.now()));
		this.journal.apply(new DeployStarted(DeployId.of("d-1"), RolloutWorld.ORDERS, Version.of("v2"),
				List.of(List.of(InstanceId.of("billing-1"))), Map.of(), "forged", Instant.now()));
		DeployRecovery strict = new DeployRecovery(this.fleet, this.world.deployGates,
				(service) -> Optional.of(new ServicePolicy(2, 2, Duration.ofSeconds(5), Duration.ofSeconds(5),
						Duration.ofSeconds(5), DrainDeadline.OnTimeout.PROCEED)),
				this.world.runs, this.desk, this.world, this.world.clock);
		DeployJournal other = new DeployJournal();
		other.apply(started("d-2"));

		assertThat(this.recovery.recover(this.journal)).isEmpty();
		assertThat(strict.recover(other)).isEmpty();

		assertThat(this.world.steps).extracting((step) -> ((DeployFailed) step).reason())
			.containsExactly("cannot resume: none of its instances is a registered instance of orders",
					"cannot resume: service orders has 2 instances and min-healthy 2: none may leave rotation");
		assertThat(this.world.restarts).isEmpty();
	}

	private void closeGate(int port) {
		SetPeerGate close = new SetPeerGate(CommandId.random(), RolloutWorld.ORDERS, "127.0.0.1", port, Gate.DEPLOY,
				false, GateSteps.OWNER, "test", Instant.now());
		this.world.deployGates.observe(new GateKey(RolloutWorld.ORDERS, new Endpoint("127.0.0.1", port), Gate.DEPLOY),
				close);
		this.world.gates.add(close);
	}

	private static DeployStarted started(String deployId) {
		return new DeployStarted(DeployId.of(deployId), RolloutWorld.ORDERS, Version.of("v2"),
				List.of(List.of(ONE), List.of(TWO)), Map.of(ONE, Version.of("v1"), TWO, Version.of("v1")), "ci",
				Instant.now());
	}

	private static InstanceDrained drained(String deployId, InstanceId instance) {
		return new InstanceDrained(DeployId.of(deployId), RolloutWorld.ORDERS, instance, DeployPhase.ROLLOUT,
				List.of(NodeId.of("a")), false, 3, Instant.now());
	}

}
