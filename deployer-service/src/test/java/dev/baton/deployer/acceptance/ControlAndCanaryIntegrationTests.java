package dev.baton.deployer.acceptance;

import java.nio.charset.StandardCharsets;
import java.nio.file.Path;
import java.time.Duration;
import java.util.List;
import java.util.Map;

import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

import dev.baton.contracts.InstanceId;
import dev.baton.contracts.deploy.BakeEnded;
import dev.baton.contracts.deploy.BakeStarted;
import dev.baton.contracts.deploy.CanaryPromoted;
import dev.baton.contracts.deploy.DeployCancelling;
import dev.baton.contracts.deploy.DeployFailed;
import dev.baton.contracts.deploy.DeployPaused;
import dev.baton.contracts.deploy.DeployPlanned;
import dev.baton.contracts.deploy.DeployRejected;
import dev.baton.contracts.deploy.DeployResumed;
import dev.baton.contracts.deploy.DeployStarted;
import dev.baton.contracts.deploy.DeployStep;
import dev.baton.contracts.deploy.DeploySucceeded;
import dev.baton.contracts.deploy.InstanceEnabled;
import dev.baton.contracts.nginx.NginxCommand;
import dev.baton.contracts.nginx.SetPeerGate;
import dev.baton.kafka.testing.FreePorts;
import dev.baton.kafka.testing.ServiceProcess;

import static org.assertj.core.api.Assertions.assertThat;
import static org.awaitility.Awaitility.await;

/**
 * The controls of a running deploy, rollbacks, plans, bakes and canaries: the real
 * deployer against a real broker, the test playing health-service and an nginx node that
 * reports the traffic each peer gets at the weight its DEPLOY gate gives it, failing 5%
 * of the requests of a version named {@code flaky}.
 */
abstract class ControlAndCanaryIntegrationTests {

	private static final Duration DEPLOY_TIMEOUT = Duration.ofSeconds(60);

	private static final Duration HELD = Duration.ofSeconds(2);

	@TempDir
	Path state;

	DeployerWorld world;

	FakeHealthService health;

	abstract String bootstrapServers();

	@BeforeEach
	void setUp() {
		this.world = new DeployerWorld(bootstrapServers(), this.state);
		this.health = new FakeHealthService(this.world.kafka, this.world.prefix, this.state);
		this.world.instances(DeployerWorld.ORDERS, 3, "v1");
	}

	@AfterEach
	void tearDown() throws InterruptedException {
		this.health.close();
		this.world.close();
	}

	@Test
	void aPauseHoldsTheDeployBeforeItsNextBatchOnceTheBatchUnderWayIsBackAndAResumeCarriesItOn() throws Exception {
		this.world.hold("orders-1");
		try (FakeNginxNode node = node()) {
			this.world.startDeployer();
			this.world.deploy("ci-paused", "v2");
			awaitStep("ci-paused", "InstanceRestartStarted orders-1 ROLLOUT");

			this.world.control("PauseDeploy", "watching the dashboards");
			awaitStep("ci-paused", "DeployPaused");
			this.world.control("PauseDeploy", "again");
			this.world.unblock("orders-1");
			awaitStep("ci-paused", "InstanceEnabled orders-1 ROLLOUT");
			assertHeld("ci-paused");
			this.world.control("ResumeDeploy", "");
			List<DeployStep> steps = awaitEnd("ci-paused");

			assertThat(steps).extracting(DeployerIntegrationTests::describe)
				.containsExactly("DeployStarted", "InstanceDrained orders-1 ROLLOUT",
						"InstanceRestartStarted orders-1 ROLLOUT", "DeployPaused", "InstanceRestarted orders-1 ROLLOUT",
						"InstanceVerified orders-1 ROLLOUT", "InstanceEnabled orders-1 ROLLOUT", "DeployResumed",
						"InstanceDrained orders-2 ROLLOUT", "InstanceRestartStarted orders-2 ROLLOUT",
						"InstanceRestarted orders-2 ROLLOUT", "InstanceVerified orders-2 ROLLOUT",
						"InstanceEnabled orders-2 ROLLOUT", "InstanceDrained orders-3 ROLLOUT",
						"InstanceRestartStarted orders-3 ROLLOUT", "InstanceRestarted orders-3 ROLLOUT",
						"InstanceVerified orders-3 ROLLOUT", "InstanceEnabled orders-3 ROLLOUT", "DeploySucceeded");
			assertThat(steps).filteredOn(DeployPaused.class::isInstance)
				.singleElement()
				.satisfies(
						(paused) -> assertThat(((DeployPaused) paused).reason()).isEqualTo("watching the dashboards"));
			assertThat(this.world.audits("ci-paused")).extracting((audit) -> audit.action())
				.contains("deploy.pause-requested", "deploy.pause-repeated", "deploy.resume-requested");
		}
	}

	@Test
	void aPausedDeployIsStillPausedAfterItsDeployerIsKilledAndStartedAgain() throws Exception {
		this.world.hold("orders-1");
		try (FakeNginxNode node = node()) {
			List<String> arguments = this.world.arguments("server.port=" + FreePorts.next());
			ServiceProcess first = this.world.startDeployerProcess("deployer-1", arguments);
			this.world.deploy("ci-kill-paused", "v2");
			awaitStep("ci-kill-paused", "InstanceRestartStarted orders-1 ROLLOUT");
			this.world.control("PauseDeploy", "maintenance window");
			awaitStep("ci-kill-paused", "DeployPaused");
			this.world.unblock("orders-1");
			awaitStep("ci-kill-paused", "InstanceEnabled orders-1 ROLLOUT");

			first.kill();
			this.world.startDeployerProcess("deployer-2", arguments);

			await().atMost(DEPLOY_TIMEOUT)
				.until(() -> this.world.audits("ci-kill-paused")
					.stream()
					.anyMatch((audit) -> audit.action().equals("deploy.resumed")
							&& audit.reason().contains("paused by ops")));
			assertHeld("ci-kill-paused");
			this.world.control("ResumeDeploy", "window over");
			List<DeployStep> steps = awaitEnd("ci-kill-paused");

			assertThat(steps).last().isInstanceOf(DeploySucceeded.class);
			assertThat(steps).filteredOn(DeployPaused.class::isInstance).hasSize(1);
			assertThat(steps).filteredOn(DeployResumed.class::isInstance).hasSize(1);
			assertThat(List.of("orders-1", "orders-2", "orders-3"))
				.allSatisfy((instance) -> assertThat(this.world.version(instance)).isEqualTo("v2"));
		}
	}

	@Test
	void aCancelNamingOnlyTheServiceReleasesAPausedDeployWhichRollsBackWhatItTouched() throws Exception {
		this.world.hold("orders-1");
		try (FakeNginxNode node = node()) {
			this.world.startDeployer();
			this.world.deploy("ci-cancel-paused", "v2");
			awaitStep("ci-cancel-paused", "InstanceRestartStarted orders-1 ROLLOUT");
			this.world.control("PauseDeploy", "");
			awaitStep("ci-cancel-paused", "DeployPaused");
			this.world.unblock("orders-1");
			awaitStep("ci-cancel-paused", "InstanceEnabled orders-1 ROLLOUT");

			this.world.control("CancelDeploy", "bad release");
			List<DeployStep> steps = awaitEnd("ci-cancel-paused");

			assertThat(steps).extracting(DeployerIntegrationTests::describe)
				.containsSubsequence("DeployPaused", "DeployCancelling", "DeployRollingBack",
						"InstanceDrained orders-1 ROLLBACK", "InstanceEnabled orders-1 ROLLBACK", "DeployFailed")
				.doesNotContain("InstanceDrained orders-2 ROLLOUT");
			assertThat(steps).filteredOn(DeployCancelling.class::isInstance)
				.singleElement()
				.satisfies((cancel) -> assertThat(((DeployCancelling) cancel).requestedBy()).isEqualTo("ops"));
			assertThat(((DeployFailed) steps.get(steps.size() - 1)).reason()).isEqualTo("cancelled: ops: bad release");
			assertThat(List.of("orders-1", "orders-2", "orders-3"))
				.allSatisfy((instance) -> assertThat(this.world.version(instance)).isEqualTo("v1"));
		}
	}

	@Test
	void controlsForAServiceWithNothingDeployingChangeNothingAndAreAuditedAsIgnored() throws Exception {
		try (FakeNginxNode node = node()) {
			this.world.startDeployer();
			this.world.control("PauseDeploy", "");
			this.world.control("ResumeDeploy", "");
			this.world.control("CancelDeploy", "");

			await().atMost(DEPLOY_TIMEOUT)
				.until(() -> this.world.audits("orders")
					.stream()
					.map((audit) -> audit.action())
					.toList()
					.containsAll(List.of("deploy.pause-ignored", "deploy.resume-ignored", "deploy.cancel-ignored")));
			assertThat(this.world.stepRecords()).isEmpty();
			assertThat(this.world.gateRecords()).isEmpty();
		}
	}

	@Test
	void aRollbackDeploysTheReleaseBeforeTheLastSucceededOneAndOneFurtherBackIsRefused() throws Exception {
		try (FakeNginxNode node = node()) {
			this.world.startDeployer();
			this.world.deploy("ci-v2", "v2");
			assertThat(awaitEnd("ci-v2")).last().isInstanceOf(DeploySucceeded.class);
			this.world.deploy("ci-v3", "v3");
			assertThat(awaitEnd("ci-v3")).last().isInstanceOf(DeploySucceeded.class);

			this.world.rollback("ops-rollback-1");
			List<DeployStep> steps = awaitEnd("ops-rollback-1");

			assertThat(steps.get(0)).isInstanceOfSatisfying(DeployStarted.class, (started) -> {
				assertThat(started.version().value()).isEqualTo("v2");
				assertThat(started.rollback()).isTrue();
			});
			assertThat(steps).last().isInstanceOf(DeploySucceeded.class);
			assertThat(List.of("orders-1", "orders-2", "orders-3"))
				.allSatisfy((instance) -> assertThat(this.world.version(instance)).isEqualTo("v2"));

			this.world.rollback("ops-rollback-2");
			await().atMost(DEPLOY_TIMEOUT).until(() -> !this.world.steps("ops-rollback-2").isEmpty());
			assertThat(this.world.steps("ops-rollback-2")).singleElement()
				.isInstanceOfSatisfying(DeployRejected.class, (rejected) -> assertThat(rejected.reason())
					.isEqualTo("nothing to roll back to: v2 is the only release of orders that succeeded"));
		}
	}

	@Test
	void aPlanSaysWhatTheDeployWouldDoAndChangesNothing() throws Exception {
		try (FakeNginxNode node = node()) {
			this.world.startDeployer();
			this.world.deploy("ci-plan", "v2", ",\"dryRun\":true,\"canaryPercent\":10,\"bake\":\"PT60S\"");

			await().atMost(DEPLOY_TIMEOUT).until(() -> !this.world.steps("ci-plan").isEmpty());

			assertThat(this.world.steps("ci-plan")).singleElement()
				.isInstanceOfSatisfying(DeployPlanned.class, (planned) -> {
					assertThat(planned.batches()).hasSize(3);
					assertThat(planned.canary().weight()).isEqualTo(22);
					assertThat(planned.steps()).first().isEqualTo("batch 1 of 3: orders-1 (on v1)");
					assertThat(planned.steps()).anyMatch((line) -> line.contains("at weight 22"));
				});
			assertThat(this.world.gateRecords()).isEmpty();
			assertThat(this.world.runtimeCalls()).isEmpty();
		}
	}

	@Test
	void theCanaryGetsTheWeightOfItsShareAndACleanVersionIsPromotedAfterItsBake() throws Exception {
		try (FakeNginxNode node = node()) {
			node.traffic(200, (instance) -> this.world.version(instance.value()),
					ControlAndCanaryIntegrationTests::errorRate);
			this.world.startDeployer("baton.deployer.services.orders.canary.min-requests=50");
			this.world.deploy("ci-canary", "v2", ",\"canaryPercent\":10,\"bake\":\"PT3S\"");
			List<DeployStep> steps = awaitEnd("ci-canary");

			assertThat(steps).last().isInstanceOf(DeploySucceeded.class);
			assertThat(steps).extracting(DeployerIntegrationTests::describe)
				.containsSubsequence("InstanceEnabled orders-1 ROLLOUT", "BakeStarted", "CanaryPromoted",
						"InstanceEnabled orders-1 ROLLOUT", "InstanceDrained orders-2 ROLLOUT",
						"InstanceEnabled orders-2 ROLLOUT", "BakeStarted", "BakeEnded",
						"InstanceDrained orders-3 ROLLOUT");
			// one canary beside two full peers at 10%: 100 * 0.1 * 2 / (0.9 * 1) = 22
			assertThat(steps).filteredOn(InstanceEnabled.class::isInstance)
				.extracting((step) -> ((InstanceEnabled) step).instanceId().value() + " at "
						+ ((InstanceEnabled) step).weight())
				.containsExactly("orders-1 at 22", "orders-1 at 100", "orders-2 at 100", "orders-3 at 100");
			assertThat(this.world.gateRecords()).extracting((record) -> gate(record.value()))
				.filteredOn(SetPeerGate::open)
				.extracting((gate) -> gate.port() - DeployerWorld.ORDERS_BASE_PORT + " at " + gate.weight())
				// records of one gate share a partition, so they are in order; others are
				// not
				.containsExactlyInAnyOrder("1 at 22", "1 at 100", "2 at 100", "3 at 100")
				.containsSubsequence("1 at 22", "1 at 100");
			assertThat(steps).filteredOn(BakeStarted.class::isInstance).first().satisfies((bake) -> {
				assertThat(((BakeStarted) bake).canary().weight()).isEqualTo(22);
				assertThat(((BakeStarted) bake).canary().fullPeers()).isEqualTo(2);
				assertThat(((BakeStarted) bake).bakeMillis()).isEqualTo(3000);
			});
			assertThat(steps).filteredOn(CanaryPromoted.class::isInstance).singleElement().satisfies((promoted) -> {
				CanaryPromoted canary = (CanaryPromoted) promoted;
				assertThat(canary.canary().requests()).isGreaterThanOrEqualTo(50);
				assertThat(canary.canary().serverErrors()).isZero();
				// about a tenth of the traffic: 20 of every 200
				assertThat(canary.baseline().requests()).isGreaterThan(canary.canary().requests() * 7);
			});
			assertThat(steps).filteredOn(BakeEnded.class::isInstance)
				.singleElement()
				.satisfies((ended) -> assertThat(((BakeEnded) ended).instances())
					.containsExactly(InstanceId.of("orders-2")));
		}
	}

	@Test
	void aCanaryFailingFivePercentOfItsRequestsIsRolledBackWithItsFiguresInTheFailureAndTheAudit() throws Exception {
		try (FakeNginxNode node = node()) {
			node.traffic(200, (instance) -> this.world.version(instance.value()),
					ControlAndCanaryIntegrationTests::errorRate);
			this.world.startDeployer("baton.deployer.services.orders.canary.min-requests=50");
			this.world.deploy("ci-flaky", "v2-flaky", ",\"canaryPercent\":10,\"bake\":\"PT30S\"");
			List<DeployStep> steps = awaitEnd("ci-flaky");

			assertThat(steps).last().isInstanceOfSatisfying(DeployFailed.class, (failed) -> {
				assertThat(failed.reason()).startsWith("canary [orders-1] on v2-flaky failed: the canary failed 5.0% (")
					.contains(" against 0.0% (0 of ")
					.endsWith("on the old version: 5.0 points more, above the 1.0 allowed");
				assertThat(failed.rolledBack()).containsExactly(InstanceId.of("orders-1"));
			});
			assertThat(steps).noneMatch(CanaryPromoted.class::isInstance);
			// judged as soon as the canary had its 50 requests, long before its 30 s bake
			// ends
			assertThat(Duration.between(steps.get(0).at(), steps.get(steps.size() - 1).at()))
				.isLessThan(Duration.ofSeconds(25));
			assertThat(this.world.runtimeCalls()).noneMatch((call) -> call.contains("orders-2"));
			assertThat(List.of("orders-1", "orders-2", "orders-3"))
				.allSatisfy((instance) -> assertThat(this.world.version(instance)).isEqualTo("v1"));
			assertThat(this.world.audits("ci-flaky")).anySatisfy((audit) -> {
				assertThat(audit.action()).isEqualTo("canary.judged");
				assertThat(audit.details()).containsEntry("outcome", "ROLL_BACK")
					.containsEntry("baselineFailures", "0");
			});
			assertThat(this.world.audits("ci-flaky")).anySatisfy((audit) -> {
				assertThat(audit.action()).isEqualTo("deploy.DeployFailed");
				assertThat(audit.reason()).contains("the canary failed 5.0%");
			});
			Map<String, SetPeerGate> gates = this.world.deployGates();
			assertThat(gates.values()).allSatisfy((gate) -> {
				assertThat(gate.open()).isTrue();
				assertThat(gate.weight()).isEqualTo(SetPeerGate.FULL_WEIGHT);
			});
		}
	}

	private static double errorRate(String version) {
		return version.contains("flaky") ? 0.05 : 0.0;
	}

	private static SetPeerGate gate(String json) {
		return (SetPeerGate) Json.read(json.getBytes(StandardCharsets.UTF_8), NginxCommand.class);
	}

	private FakeNginxNode node() {
		return new FakeNginxNode("nginx-a", DeployerWorld.ORDERS, this.world.kafka, this.world.prefix);
	}

	private void awaitStep(String deployId, String described) {
		await().atMost(DEPLOY_TIMEOUT)
			.until(() -> this.world.steps(deployId)
				.stream()
				.anyMatch((step) -> DeployerIntegrationTests.describe(step).equals(described)));
	}

	/** The deploy takes no further step, and touches no instance of its next batch. */
	private void assertHeld(String deployId) {
		int steps = this.world.steps(deployId).size();
		await().during(HELD)
			.atMost(HELD.plusSeconds(5))
			.until(() -> this.world.steps(deployId).size() == steps
					&& this.world.runtimeCalls().stream().noneMatch((call) -> call.contains("orders-2")));
	}

	private List<DeployStep> awaitEnd(String deployId) {
		await().atMost(DEPLOY_TIMEOUT)
			.until(() -> this.world.steps(deployId)
				.stream()
				.anyMatch((step) -> step instanceof DeploySucceeded || step instanceof DeployFailed));
		return this.world.steps(deployId);
	}

}
