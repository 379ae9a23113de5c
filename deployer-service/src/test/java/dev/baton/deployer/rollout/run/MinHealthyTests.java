package dev.baton.deployer.rollout.run;

import java.time.Duration;
import java.time.Instant;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.TimeUnit;

import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;

import dev.baton.contracts.CommandId;
import dev.baton.contracts.InstanceId;
import dev.baton.contracts.NodeId;
import dev.baton.contracts.Version;
import dev.baton.contracts.deploy.DeployFailed;
import dev.baton.contracts.deploy.DeployStrategy;
import dev.baton.contracts.health.HealthStatus;
import dev.baton.contracts.nginx.DrainDeadline;
import dev.baton.contracts.nginx.PeerApplied;
import dev.baton.contracts.registry.Lifecycle;
import dev.baton.deployer.rollout.RolloutWorld;
import dev.baton.deployer.rollout.plan.DeployPlan;
import dev.baton.deployer.rollout.plan.ServicePolicy;
import dev.baton.deployer.rollout.step.Stage;

import static dev.baton.deployer.rollout.RolloutWorld.target;
import static org.assertj.core.api.Assertions.assertThat;
import static org.awaitility.Awaitility.await;

/**
 * min-healthy counts the instances serving when each batch is about to leave rotation,
 * not those registered when the deploy was planned; instances that left before their
 * batch are skipped, never restarted.
 */
class MinHealthyTests {

	private static final ServicePolicy TWO_SERVING = new ServicePolicy(1, 2, Duration.ofSeconds(5),
			Duration.ofSeconds(5), Duration.ofSeconds(5), DrainDeadline.OnTimeout.PROCEED);

	private final RolloutWorld world = new RolloutWorld();

	@BeforeEach
	void oneNode() {
		this.world.node("a", true);
	}

	@Test
	void aBatchWaitsWhileTooFewServeAndProceedsWhenAnotherComesBackUp() throws Exception {
		DeployPlan plan = threeBatches(TWO_SERVING);
		this.world.registry(target(3), Lifecycle.ONLINE, false);

		CompletableFuture<Void> running = runAsync(this.world.runs.fresh(plan));

		await().atMost(Duration.ofSeconds(5))
			.until(() -> this.world.auditReasons.contains("capacity.waiting: taking out [orders-1] would leave 1 of"
					+ " orders's instances serving, fewer than min-healthy 2 (2 serving now: [orders-1, orders-2]):"
					+ " waiting"));
		await().during(Duration.ofMillis(300)).atMost(Duration.ofSeconds(2)).until(this.world.gates::isEmpty);
		this.world.registry(target(3), Lifecycle.ONLINE, true);
		running.get(10, TimeUnit.SECONDS);

		assertThat(this.world.describedSteps()).startsWith("drained orders-1 ROLLOUT")
			.last()
			.isEqualTo("DeploySucceeded");
		assertThat(this.world.audits).contains("capacity.restored ");
	}

	@Test
	void aPeerANodeHoldsOutDoesNotServeUntilTheNodeReportsItUpAgain() throws Exception {
		DeployPlan plan = threeBatches(TWO_SERVING);
		this.world.nginxEvent(nodeSays(false));

		CompletableFuture<Void> running = runAsync(this.world.runs.fresh(plan));

		await().atMost(Duration.ofSeconds(5)).until(() -> this.world.audits.contains("capacity.waiting "));
		await().during(Duration.ofMillis(300)).atMost(Duration.ofSeconds(2)).until(this.world.gates::isEmpty);
		this.world.nginxEvent(nodeSays(true));
		running.get(10, TimeUnit.SECONDS);

		assertThat(this.world.describedSteps()).last().isEqualTo("DeploySucceeded");
	}

	@Test
	void aWaitThatRunsOutFailsSafeNamingTheServingCountAndMinHealthy() throws InterruptedException {
		DeployPlan plan = threeBatches(new ServicePolicy(1, 2, Duration.ofSeconds(5), Duration.ofSeconds(5),
				Duration.ofSeconds(5), DrainDeadline.OnTimeout.PROCEED, ServicePolicy.DEFAULT_CHECK_INTERVAL,
				DeployStrategy.ROLLING, List.of(), false, Duration.ZERO, 0, null, Duration.ofMillis(300)));
		this.world.registry(target(3), Lifecycle.ONLINE, false);

		this.world.runs.fresh(plan).run();

		DeployFailed failed = (DeployFailed) this.world.steps.get(this.world.steps.size() - 1);
		assertThat(failed.reason()).isEqualTo("taking out [orders-1] would leave 1 of orders's instances serving,"
				+ " fewer than min-healthy 2 (2 serving now: [orders-1, orders-2]); none came back within"
				+ " min-healthy-wait PT0.3S");
		assertThat(failed.rolledBack()).isEmpty();
		assertThat(this.world.gates).as("nothing of the batch taken out").isEmpty();
		assertThat(this.world.restarts).isEmpty();
	}

	@Test
	void anInstanceTakenOfflineBeforeItsBatchIsSkippedNamedAndNeverRestarted() throws InterruptedException {
		DeployPlan plan = threeBatches(RolloutWorld.policy());
		this.world.onRestart = () -> this.world.registry(target(2), Lifecycle.OFFLINE, true);

		this.world.runs.fresh(plan).run();

		assertThat(this.world.describedSteps()).last().isEqualTo("DeploySucceeded");
		assertThat(this.world.restarts).containsExactly("orders-1 v2", "orders-3 v2");
		assertThat(this.world.gates).noneMatch((gate) -> gate.port() == 9002);
		assertThat(this.world.auditReasons)
			.contains("deploy.target-skipped: orders-2 was taken offline before its batch: skipped, never restarted");
	}

	@Test
	void anInstanceLeavingBeforeItsBatchIsSkippedNamedAndNeverRestarted() throws InterruptedException {
		DeployPlan plan = threeBatches(RolloutWorld.policy());
		this.world.onRestart = () -> this.world.registry(target(2), Lifecycle.LEAVING, true);

		this.world.runs.fresh(plan).run();

		assertThat(this.world.describedSteps()).last().isEqualTo("DeploySucceeded");
		assertThat(this.world.restarts).containsExactly("orders-1 v2", "orders-3 v2");
		assertThat(this.world.gates).noneMatch((gate) -> gate.port() == 9002);
		assertThat(this.world.auditReasons).contains(
				"deploy.target-skipped: orders-2 was deregistered while online before its batch: skipped, never restarted");
	}

	@Test
	void anInstanceDeregisteredBeforeItsBatchIsNamedInTheFailureAndNeverRestartedNorRolledBack()
			throws InterruptedException {
		DeployPlan plan = threeBatches(RolloutWorld.policy());
		this.world.onRestart = () -> this.world.registry(target(2), Lifecycle.DEREGISTERED, false);
		this.world.health = (restarted) -> RolloutWorld.verdict(restarted, HealthStatus.HEALTHY,
				restarted.instanceId().value().equals("orders-3") ? Version.of("v1") : restarted.version());

		this.world.runs.fresh(plan).run();

		DeployFailed failed = (DeployFailed) this.world.steps.get(this.world.steps.size() - 1);
		assertThat(failed.reason()).contains("orders-3 is healthy but reports version v1 instead of v2")
			.endsWith("; skipped, never restarted: orders-2 (was deregistered)");
		assertThat(failed.rolledBack()).containsExactly(InstanceId.of("orders-3"), InstanceId.of("orders-1"));
		assertThat(this.world.restarts).noneMatch((restart) -> restart.startsWith("orders-2"));
		assertThat(this.world.gates).noneMatch((gate) -> gate.port() == 9002);
	}

	@Test
	void aResumedDeployCountsTheServingInstancesAgainBeforeItsNextBatch() throws Exception {
		DeployPlan plan = threeBatches(TWO_SERVING);
		this.world.registry(target(3), Lifecycle.ONLINE, false);
		Resumption resumption = new Resumption(Map.of(InstanceId.of("orders-1"), Stage.ENABLED), Set.of(), List.of(),
				null);

		CompletableFuture<Void> running = runAsync(this.world.runs.resumed(plan, resumption));

		await().atMost(Duration.ofSeconds(5))
			.until(() -> this.world.auditReasons.stream()
				.anyMatch((audit) -> audit.startsWith("capacity.waiting: taking out [orders-2] would leave 1 of")));
		await().during(Duration.ofMillis(300)).atMost(Duration.ofSeconds(2)).until(this.world.gates::isEmpty);
		this.world.registry(target(3), Lifecycle.ONLINE, true);
		running.get(10, TimeUnit.SECONDS);

		assertThat(this.world.describedSteps()).startsWith("drained orders-2 ROLLOUT")
			.last()
			.isEqualTo("DeploySucceeded");
		assertThat(this.world.restarts).containsExactly("orders-2 v2", "orders-3 v2");
	}

	@Test
	void aSurgeDeployWaitsBeforeItDrainsTheOldInstancesUntilEnoughServe() throws Exception {
		this.world.online(target(1), target(2));
		this.world.registry(target(2), Lifecycle.ONLINE, false);
		ServicePolicy surge = new ServicePolicy(1, 2, Duration.ofSeconds(5), Duration.ofSeconds(5),
				Duration.ofSeconds(5), DrainDeadline.OnTimeout.PROCEED, Duration.ofMillis(50), DeployStrategy.SURGE,
				List.of(9101));
		DeployPlan plan = this.world.plan("v2", surge, List.of(List.of(target(1))));

		CompletableFuture<Void> running = runAsync(this.world.runs.fresh(plan));

		await().atMost(Duration.ofSeconds(5))
			.until(() -> this.world.auditReasons.stream()
				.anyMatch((audit) -> audit.startsWith("capacity.waiting: taking out [orders-1] would leave 1 of")));
		await().during(Duration.ofMillis(300))
			.atMost(Duration.ofSeconds(2))
			.until(() -> this.world.gates.stream().noneMatch((gate) -> gate.port() == 9001));
		this.world.registry(target(2), Lifecycle.ONLINE, true);
		running.get(10, TimeUnit.SECONDS);

		assertThat(this.world.describedSteps()).containsSubsequence("enabled new-9101 ROLLOUT",
				"drained orders-1 ROLLOUT", "replaced orders-1 by new-9101", "DeploySucceeded");
	}

	private DeployPlan threeBatches(ServicePolicy policy) {
		return this.world.plan("v2", policy, List.of(List.of(target(1)), List.of(target(2)), List.of(target(3))));
	}

	/**
	 * What node a says of orders-3, as when another writer's gate holds it back there.
	 */
	private static PeerApplied nodeSays(boolean up) {
		return new PeerApplied(NodeId.of("a"), CommandId.random(), RolloutWorld.ORDERS, "127.0.0.1", 9003, up,
				Instant.now());
	}

	private static CompletableFuture<Void> runAsync(DeployRun run) {
		return CompletableFuture.runAsync(() -> {
			try {
				run.run();
			}
			catch (InterruptedException ex) {
				Thread.currentThread().interrupt();
			}
		});
	}

}
