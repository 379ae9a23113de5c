package dev.baton.deployer.rollout.plan;

import java.time.Duration;
import java.time.Instant;
import java.util.List;
import java.util.stream.IntStream;

import org.junit.jupiter.api.Test;

import dev.baton.contracts.DeployId;
import dev.baton.contracts.InstanceId;
import dev.baton.contracts.ServiceName;
import dev.baton.contracts.Version;
import dev.baton.contracts.deploy.DeployRequested;
import dev.baton.contracts.deploy.DeployStrategy;
import dev.baton.contracts.health.HealthStatus;
import dev.baton.contracts.nginx.DrainDeadline;
import dev.baton.contracts.registry.InstanceSnapshot;
import dev.baton.contracts.registry.Lifecycle;
import dev.baton.contracts.registry.ObservedHealth;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatExceptionOfType;

class RolloutPlannerTests {

	private final RolloutPlanner planner = new RolloutPlanner();

	private final ServicePolicy policy = new ServicePolicy(2, 1, Duration.ofSeconds(1), Duration.ofSeconds(1),
			Duration.ofSeconds(1), DrainDeadline.OnTimeout.PROCEED);

	private final ServicePolicy downtimeAllowed = new ServicePolicy(2, 1, Duration.ofSeconds(1), Duration.ofSeconds(1),
			Duration.ofSeconds(1), DrainDeadline.OnTimeout.PROCEED, Duration.ofMillis(100), DeployStrategy.ROLLING,
			List.of(), true);

	@Test
	void groupsInstancesInBatchesOfMaxUnavailable() throws Refusal {
		DeployPlan plan = this.planner.plan(request(null, false), instances(5), this.policy, Instant.now());

		assertThat(plan.batches()).extracting((batch) -> batch.size()).containsExactly(2, 2, 1);
	}

	@Test
	void neverTakesMoreOutThanMinHealthyAllows() throws Refusal {
		DeployPlan plan = this.planner.plan(request(5, false), instances(3), this.policy, Instant.now());

		assertThat(plan.batches()).extracting((batch) -> batch.size()).containsExactly(2, 1);
	}

	@Test
	void refusesASingleInstanceUnlessDowntimeIsAllowed() throws Refusal {
		assertThatExceptionOfType(Refusal.class)
			.isThrownBy(
					() -> this.planner.plan(request(null, false), instances(1), this.downtimeAllowed, Instant.now()))
			.withMessageContaining("single instance");

		assertThat(this.planner.plan(request(null, true), instances(1), this.downtimeAllowed, Instant.now()).batches())
			.hasSize(1);
	}

	@Test
	void aRequestMayAcceptDowntimeOnlyWhereTheServicesConfigurationAllowsIt() throws Refusal {
		assertThatExceptionOfType(Refusal.class)
			.isThrownBy(() -> this.planner.plan(request(5, true), instances(3), this.policy, Instant.now()))
			.withMessage("service orders may not be deployed with downtime: its configuration does not let a"
					+ " request accept it (baton.deployer.services.orders.allow-downtime)");
		assertThatExceptionOfType(Refusal.class)
			.isThrownBy(() -> this.planner.plan(request(null, true), instances(1), this.policy, Instant.now()))
			.withMessageContaining("may not be deployed with downtime");

		assertThat(this.planner.plan(request(5, true), instances(3), this.downtimeAllowed, Instant.now()).batches())
			.extracting((batch) -> batch.size())
			.containsExactly(3);
	}

	@Test
	void refusesAServiceWithoutInstances() {
		assertThatExceptionOfType(Refusal.class)
			.isThrownBy(() -> this.planner.plan(request(null, false), List.of(), this.policy, Instant.now()))
			.withMessageContaining("no registered instances");
	}

	@Test
	void remembersTheVersionEachInstanceReportsForTheRollback() throws Refusal {
		DeployPlan plan = this.planner.plan(request(null, false), instances(2), this.policy, Instant.now());

		assertThat(plan.targets()).extracting(DeployTarget::previousVersion).containsOnly(Version.of("v1-reported"));
	}

	@Test
	void aSurgeBatchTakesAsManyInstancesAsThereAreFreeSparePortsAndASingleInstanceNeedsNoDowntime() throws Refusal {
		ServicePolicy surge = surge(List.of(9001, 9101, 9102));

		assertThat(this.planner.plan(request(null, false), instances(3), surge, Instant.now()).batches())
			.extracting((batch) -> batch.size())
			.containsExactly(2, 1);
		assertThat(this.planner.plan(request(1, false), instances(2), surge, Instant.now()).batches()).hasSize(2);
		assertThat(this.planner.plan(request(null, false), instances(1), surge, Instant.now()).batches()).hasSize(1);
	}

	@Test
	void refusesASurgeWithoutAFreeSparePort() {
		assertThatExceptionOfType(Refusal.class)
			.isThrownBy(() -> this.planner.plan(request(null, false), instances(2), surge(List.of()), Instant.now()))
			.withMessageContaining("no spare ports for a surge deploy (baton.deployer.services.orders.surge.ports)");
		assertThatExceptionOfType(Refusal.class).isThrownBy(
				() -> this.planner.plan(request(null, false), instances(2), surge(List.of(9001, 9002)), Instant.now()))
			.withMessageContaining("every spare port of orders is in use: [9001, 9002]");
	}

	@Test
	void aRequestChoosesItsStrategyOverTheServicesDefault() throws Refusal {
		DeployRequested surge = new DeployRequested(DeployId.of("d"), ServiceName.of("orders"), Version.of("v2"), null,
				null, null, false, "ci", null, DeployStrategy.SURGE);
		ServicePolicy rollingByDefault = new ServicePolicy(1, 1, Duration.ofSeconds(1), Duration.ofSeconds(1),
				Duration.ofSeconds(1), DrainDeadline.OnTimeout.PROCEED, Duration.ofMillis(100), DeployStrategy.ROLLING,
				List.of(9101));

		assertThat(this.planner.plan(surge, instances(2), rollingByDefault, Instant.now()).strategy())
			.isEqualTo(DeployStrategy.SURGE);
		assertThat(this.planner.plan(request(null, false), instances(2), rollingByDefault, Instant.now()).strategy())
			.isEqualTo(DeployStrategy.ROLLING);
	}

	@Test
	void aRequestChoosesItsDrainTimeoutAndPolicyOverTheServicesAndEachCommandCarriesThem() throws Refusal {
		DeployRequested proceed = new DeployRequested(DeployId.of("d"), ServiceName.of("orders"), Version.of("v2"),
				null, Duration.ofSeconds(3), null, false, "ci", null, null, null, null, false,
				DrainDeadline.OnTimeout.PROCEED);
		ServicePolicy failByDefault = new ServicePolicy(1, 1, Duration.ofSeconds(30), Duration.ofSeconds(1),
				Duration.ofSeconds(1), DrainDeadline.OnTimeout.FAIL);

		assertThat(this.planner.plan(proceed, instances(2), failByDefault, Instant.now()).policy().drainDeadline())
			.isEqualTo(DrainDeadline.of(Duration.ofSeconds(3), DrainDeadline.OnTimeout.PROCEED, true));
		assertThat(this.planner.plan(request(null, false), instances(2), failByDefault, Instant.now())
			.policy()
			.drainDeadline()).isEqualTo(DrainDeadline.of(Duration.ofSeconds(30), DrainDeadline.OnTimeout.FAIL, true));
	}

	@Test
	void aDrainingInstanceStandsByOnlyWhereInstancesMustKeepServing() throws Refusal {
		assertThat(this.planner.plan(request(null, false), instances(2), this.downtimeAllowed, Instant.now())
			.policy()
			.drainDeadline()
			.standby()).as("min-healthy 1: a draining instance stands in for one that dies meanwhile").isTrue();
		assertThat(this.planner.plan(request(null, true), instances(1), this.downtimeAllowed, Instant.now())
			.policy()
			.drainDeadline()
			.standby()).as("downtime accepted: the drain takes the instance out, whatever else serves").isFalse();
	}

	@Test
	void aCanaryNeedsABakeAndOldInstancesServingBesideIt() throws Refusal {
		DeployRequested canary = new DeployRequested(DeployId.of("d"), ServiceName.of("orders"), Version.of("v2"), null,
				null, null, false, "ci", null, null, Duration.ofSeconds(60), 10, false);
		DeployRequested unbaked = new DeployRequested(DeployId.of("d"), ServiceName.of("orders"), Version.of("v2"),
				null, null, null, false, "ci", null, null, null, 10, false);

		DeployPlan plan = this.planner.plan(canary, instances(3), this.policy, Instant.now());
		assertThat(plan.policy().canaryPercent()).isEqualTo(10);
		assertThat(plan.policy().bake()).isEqualTo(Duration.ofSeconds(60));
		assertThatExceptionOfType(Refusal.class)
			.isThrownBy(() -> this.planner.plan(unbaked, instances(3), this.policy, Instant.now()))
			.withMessageContaining("needs a bake to be judged over");
		// two instances, batches of two less min-healthy one: one at a time, one old left
		assertThat(this.planner.plan(canary, instances(2), this.policy, Instant.now()).batches().get(0)).hasSize(1);
		assertThatExceptionOfType(Refusal.class)
			.isThrownBy(() -> this.planner.plan(
					new DeployRequested(DeployId.of("d"), ServiceName.of("orders"), Version.of("v2"), 2, null, null,
							true, "ci", null, null, Duration.ofSeconds(60), 10, false),
					instances(2), this.downtimeAllowed, Instant.now()))
			.withMessageContaining("a canary needs instances of the old version serving beside it");
	}

	private static ServicePolicy surge(List<Integer> ports) {
		return new ServicePolicy(1, 1, Duration.ofSeconds(1), Duration.ofSeconds(1), Duration.ofSeconds(1),
				DrainDeadline.OnTimeout.PROCEED, Duration.ofMillis(100), DeployStrategy.SURGE, ports);
	}

	private static DeployRequested request(Integer batchSize, boolean allowDowntime) {
		return new DeployRequested(DeployId.of("d"), ServiceName.of("orders"), Version.of("v2"), batchSize, null, null,
				allowDowntime, "ci", null);
	}

	private static List<InstanceSnapshot> instances(int count) {
		return IntStream.rangeClosed(1, count)
			.mapToObj((i) -> new InstanceSnapshot(InstanceId.of("orders-" + i), ServiceName.of("orders"), "127.0.0.1",
					9000 + i, Version.of("v1"), "/health", Lifecycle.ONLINE,
					new ObservedHealth(HealthStatus.HEALTHY, Version.of("v1-reported"), "", Instant.now()), "", 1,
					Instant.now()))
			.toList();
	}

}
