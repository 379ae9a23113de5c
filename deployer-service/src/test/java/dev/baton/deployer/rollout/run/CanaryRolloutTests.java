package dev.baton.deployer.rollout.run;

import java.time.Duration;
import java.time.Instant;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.Executors;
import java.util.concurrent.ScheduledExecutorService;
import java.util.concurrent.TimeUnit;

import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;

import dev.baton.contracts.NodeId;
import dev.baton.contracts.deploy.BakeStarted;
import dev.baton.contracts.deploy.CanaryPromoted;
import dev.baton.contracts.deploy.DeployFailed;
import dev.baton.contracts.deploy.DeployStrategy;
import dev.baton.contracts.deploy.InstanceEnabled;
import dev.baton.contracts.nginx.DrainDeadline;
import dev.baton.contracts.nginx.PeerStats;
import dev.baton.contracts.nginx.PeerTally;
import dev.baton.contracts.nginx.SetPeerGate;
import dev.baton.deployer.canary.CanaryThresholds;
import dev.baton.deployer.rollout.RolloutWorld;
import dev.baton.deployer.rollout.plan.ServicePolicy;

import static dev.baton.deployer.rollout.RolloutWorld.target;
import static org.assertj.core.api.Assertions.assertThat;

/**
 * A rolling deploy of three instances with a 10% canary, its figures reported by a node
 * every 50 ms: the canary (orders-1) gets a third of a full peer's requests, each old
 * instance a full share, and the test says how many of the canary's fail.
 */
class CanaryRolloutTests {

	private final RolloutWorld world = new RolloutWorld();

	private final ScheduledExecutorService node = Executors.newSingleThreadScheduledExecutor();

	private volatile long canaryErrors;

	/**
	 * The canary's port: a rolling deploy's first instance, or a surge deploy's first new
	 * one.
	 */
	private volatile int canaryPort = 9001;

	@BeforeEach
	void threeInstancesOneNode() {
		this.world.node("a", true);
		this.world.online(target(1), target(2), target(3));
		this.node.scheduleAtFixedRate(this::report, 0, 50, TimeUnit.MILLISECONDS);
	}

	@AfterEach
	void stopReporting() {
		this.node.shutdownNow();
	}

	@Test
	void theCanaryOpensAtTheWeightOfItsShareBakesAndIsPromotedToFullWeightWhenClean() throws InterruptedException {
		run();

		assertThat(this.world.gates).filteredOn(SetPeerGate::open)
			.extracting((gate) -> gate.port() + " at " + gate.weight())
			.containsExactly("9001 at 22", "9001 at 100", "9002 at 100", "9003 at 100");
		assertThat(this.world.describedSteps()).containsSubsequence("enabled orders-1 ROLLOUT", "BakeStarted",
				"CanaryPromoted", "enabled orders-1 ROLLOUT", "drained orders-2 ROLLOUT", "BakeStarted", "BakeEnded",
				"drained orders-3 ROLLOUT", "DeploySucceeded");
		assertThat(this.world.steps).filteredOn(InstanceEnabled.class::isInstance)
			.extracting((step) -> ((InstanceEnabled) step).weight())
			.containsExactly(22, 100, 100, 100);
		assertThat(this.world.steps).filteredOn(BakeStarted.class::isInstance)
			.first()
			.satisfies((step) -> assertThat(((BakeStarted) step).canary().fullPeers()).isEqualTo(2));
		assertThat(this.world.steps).filteredOn(CanaryPromoted.class::isInstance)
			.singleElement()
			.satisfies((step) -> assertThat(((CanaryPromoted) step).canary().requests()).isGreaterThanOrEqualTo(20));
	}

	@Test
	void aCanaryFailingTenPercentOfItsRequestsIsRolledBackWithItsFigures() throws InterruptedException {
		this.canaryErrors = 1;

		run();

		DeployFailed failed = (DeployFailed) this.world.steps.get(this.world.steps.size() - 1);
		assertThat(failed.reason()).startsWith("canary [orders-1] on v2 failed: the canary failed 10.0% (")
			.contains("against 0.0% (0 of");
		assertThat(failed.rolledBack()).containsExactly(target(1).instanceId());
		assertThat(this.world.describedSteps()).doesNotContain("CanaryPromoted", "drained orders-2 ROLLOUT");
		assertThat(this.world.restarts).containsExactly("orders-1 v2", "orders-1 v1");
	}

	@Test
	void aSurgeDeploysCanaryIsItsFirstNewInstanceJudgedBesideEveryOldOneBeforeAnyIsDrained()
			throws InterruptedException {
		this.canaryPort = 9101;

		runSurge();

		assertThat(this.world.gates).filteredOn(SetPeerGate::open)
			.extracting((gate) -> gate.port() + " at " + gate.weight())
			// beside all three old instances: 100 * 0.1 * 3 / (0.9 * 1) = 33
			.startsWith("9101 at 33", "9101 at 100");
		assertThat(this.world.describedSteps()).containsSubsequence("launched 9101 for orders-1",
				"enabled new-9101 ROLLOUT", "BakeStarted", "CanaryPromoted", "enabled new-9101 ROLLOUT",
				"drained orders-1 ROLLOUT", "replaced orders-1 by new-9101", "DeploySucceeded");
		assertThat(this.world.leastInRotation).isGreaterThanOrEqualTo(3);
	}

	@Test
	void aFailingSurgeCanaryIsRemovedWithoutAnyOldInstanceLeavingRotation() throws InterruptedException {
		this.canaryPort = 9101;
		this.canaryErrors = 1;

		runSurge();

		DeployFailed failed = (DeployFailed) this.world.steps.get(this.world.steps.size() - 1);
		assertThat(failed.reason()).startsWith("canary [new-9101] on v2 failed: the canary failed 10.0% (");
		assertThat(this.world.describedSteps()).doesNotContain("drained orders-1 ROLLOUT", "CanaryPromoted");
		assertThat(this.world.runtimeCalls).containsExactly("start 9101 v2", "stop new-9101");
		assertThat(this.world.restarts).isEmpty();
	}

	private void run() throws InterruptedException {
		this.world.runs.fresh(this.world.plan("v2", policy(DeployStrategy.ROLLING, List.of()),
				List.of(List.of(target(1)), List.of(target(2)), List.of(target(3)))))
			.run();
	}

	private void runSurge() throws InterruptedException {
		this.world.runs.fresh(this.world.plan("v2", policy(DeployStrategy.SURGE, List.of(9101, 9001, 9002)),
				List.of(List.of(target(1)), List.of(target(2)), List.of(target(3)))))
			.run();
	}

	private static ServicePolicy policy(DeployStrategy strategy, List<Integer> sparePorts) {
		return new ServicePolicy(1, 1, Duration.ofSeconds(5), Duration.ofSeconds(5), Duration.ofSeconds(5),
				DrainDeadline.OnTimeout.PROCEED, ServicePolicy.DEFAULT_CHECK_INTERVAL, strategy, sparePorts, false,
				Duration.ofMillis(1500), 10, new CanaryThresholds(1.0, 1.5, Duration.ofMillis(25), 20, false));
	}

	private void report() {
		List<PeerTally> tallies = new ArrayList<>();
		tallies.add(new PeerTally("127.0.0.1", this.canaryPort, 10, this.canaryErrors, 0, List.of()));
		for (int port : new int[] { 9001, 9002, 9003 }) {
			if (port != this.canaryPort) {
				tallies.add(new PeerTally("127.0.0.1", port, 30, 0, 0, List.of()));
			}
		}
		this.world.board
			.onNginxEvent(new PeerStats(NodeId.of("a"), RolloutWorld.ORDERS, Instant.now(), Instant.now(), tallies));
	}

}
