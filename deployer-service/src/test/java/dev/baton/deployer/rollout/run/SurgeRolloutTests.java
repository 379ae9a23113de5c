package dev.baton.deployer.rollout.run;

import java.time.Duration;
import java.util.List;

import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;

import dev.baton.contracts.Version;
import dev.baton.contracts.deploy.DeployFailed;
import dev.baton.contracts.deploy.DeployStrategy;
import dev.baton.contracts.health.HealthStatus;
import dev.baton.contracts.nginx.DrainDeadline;
import dev.baton.deployer.rollout.RolloutWorld;
import dev.baton.deployer.rollout.plan.DeployPlan;
import dev.baton.deployer.rollout.plan.ServicePolicy;

import static dev.baton.deployer.rollout.RolloutWorld.target;
import static org.assertj.core.api.Assertions.assertThat;

/**
 * A surge deploy puts new instances beside the old ones and in rotation before it takes
 * any old one out, and a failed one removes what it started and restarts nothing.
 */
class SurgeRolloutTests {

	private final RolloutWorld world = new RolloutWorld();

	@BeforeEach
	void twoInstancesOnlineBehindOneNode() {
		this.world.node("a", true);
		this.world.online(target(1), target(2));
	}

	@Test
	void routesVerifiedNewInstancesBeforeDrainingStoppingAndDeregisteringTheOldOnes() throws InterruptedException {
		run(this.world.plan("v2", surge(Duration.ofSeconds(5)), List.of(List.of(target(1), target(2)))));

		assertThat(this.world.describedSteps()).containsExactly("launched 9101 for orders-1",
				"launched 9102 for orders-2", "restart started new-9101 ROLLOUT v2", "restarted new-9101 ROLLOUT v2",
				"restart started new-9102 ROLLOUT v2", "restarted new-9102 ROLLOUT v2", "verified new-9101 ROLLOUT",
				"verified new-9102 ROLLOUT", "enabled new-9101 ROLLOUT", "enabled new-9102 ROLLOUT",
				"drained orders-1 ROLLOUT", "drained orders-2 ROLLOUT", "replaced orders-1 by new-9101",
				"replaced orders-2 by new-9102", "DeploySucceeded");
		// the old instances are stopped at once
		assertThat(this.world.runtimeCalls).startsWith("start 9101 v2", "start 9102 v2")
			.containsExactlyInAnyOrder("start 9101 v2", "start 9102 v2", "stop orders-1", "stop orders-2");
		assertThat(this.world.registrations).containsExactly("approve new-9101", "approve new-9102",
				"deregister orders-1", "deregister orders-2");
		assertThat(this.world.restarts).isEmpty();
		assertThat(this.world.leastInRotation).isGreaterThanOrEqualTo(2);
		assertThat(this.world.inRotation()).isEqualTo(2);
		assertThat(this.world.fleet.instancesOf(RolloutWorld.ORDERS)).extracting((i) -> i.instanceId().value())
			.containsExactly("new-9101", "new-9102");
	}

	@Test
	void replacesBatchAfterBatchWhenThereAreFewerSparePortsThanInstances() throws InterruptedException {
		ServicePolicy onePort = new ServicePolicy(1, 1, Duration.ofSeconds(5), Duration.ofSeconds(5),
				Duration.ofSeconds(5), DrainDeadline.OnTimeout.PROCEED, Duration.ofMillis(50), DeployStrategy.SURGE,
				List.of(9001, 9101));

		run(this.world.plan("v2", onePort, List.of(List.of(target(1)), List.of(target(2)))));

		// the second batch reuses the port the first one's old instance left
		assertThat(this.world.runtimeCalls).containsExactly("start 9101 v2", "stop orders-1", "start 9001 v2",
				"stop orders-2");
		assertThat(this.world.describedSteps()).endsWith("replaced orders-2 by new-9001", "DeploySucceeded");
		assertThat(this.world.leastInRotation).isGreaterThanOrEqualTo(2);
	}

	@Test
	void aNewVersionThatFailsVerificationIsRemovedAndTheOldInstancesAreNeverTouched() throws InterruptedException {
		this.world.health = (restarted) -> RolloutWorld.verdict(restarted, HealthStatus.HEALTHY, Version.of("v1"));

		run(this.world.plan("v2", surge(Duration.ofSeconds(5)), List.of(List.of(target(1), target(2)))));

		DeployFailed failed = (DeployFailed) this.world.steps.get(this.world.steps.size() - 1);
		assertThat(failed.reason()).contains("new-9101 is healthy but reports version v1 instead of v2");
		assertThat(this.world.runtimeCalls).containsExactly("start 9101 v2", "start 9102 v2", "stop new-9102",
				"stop new-9101");
		assertThat(this.world.registrations).containsExactly("deregister new-9102", "deregister new-9101");
		assertThat(this.world.gates).as("no old instance drained, no new one ever routed").isEmpty();
		assertThat(this.world.leastInRotation).isGreaterThanOrEqualTo(2);
		assertThat(this.world.fleet.instancesOf(RolloutWorld.ORDERS)).extracting((i) -> i.instanceId().value())
			.containsExactly("orders-1", "orders-2");
	}

	@Test
	void aNewVersionThatDoesNotStartFailsBeforeAnythingIsRouted() throws InterruptedException {
		run(this.world.plan("v2-broken", surge(Duration.ofSeconds(5)), List.of(List.of(target(1), target(2)))));

		DeployFailed failed = (DeployFailed) this.world.steps.get(this.world.steps.size() - 1);
		assertThat(failed.reason()).contains("start of a new instance on 127.0.0.1:9101 to replace orders-1 failed",
				"cannot start");
		assertThat(this.world.runtimeCalls).containsExactly("start 9101 v2-broken", "stop orders-9101");
		assertThat(this.world.registrations)
			.as("deregistered though never seen registered: it may have registered itself just before it died")
			.containsExactly("deregister orders-9101");
		assertThat(this.world.inRotation()).isEqualTo(2);
	}

	@Test
	void aRoutedNewInstanceIsDrainedBeforeItIsStoppedAndTheOldGateReopenedWhenAnOldDrainIsNotConfirmed()
			throws InterruptedException {
		this.world.unanswered = (command) -> !command.open() && command.port() == 9001;

		run(this.world.plan("v2", surge(Duration.ofMillis(300)), List.of(List.of(target(1)))));

		DeployFailed failed = (DeployFailed) this.world.steps.get(this.world.steps.size() - 1);
		assertThat(failed.reason()).contains("orders-1 was not confirmed drained by nginx node(s) [a]");
		assertThat(this.world.describedSteps()).containsSubsequence("enabled new-9101 ROLLOUT",
				"drained new-9101 ROLLBACK");
		assertThat(this.world.runtimeCalls).containsExactly("start 9101 v2", "stop new-9101");
		assertThat(this.world.gates).extracting((gate) -> gate.port() + (gate.open() ? " open" : " closed"))
			.containsExactly("9101 open", "9001 closed", "9001 open", "9101 closed");
		assertThat(this.world.leastInRotation).isGreaterThanOrEqualTo(2);
	}

	private static ServicePolicy surge(Duration drainTimeout) {
		return new ServicePolicy(1, 1, drainTimeout, Duration.ofSeconds(5), Duration.ofSeconds(5),
				DrainDeadline.OnTimeout.PROCEED, Duration.ofMillis(50), DeployStrategy.SURGE, List.of(9101, 9102));
	}

	private void run(DeployPlan plan) throws InterruptedException {
		this.world.runs.fresh(plan).run();
	}

}
