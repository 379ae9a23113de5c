package dev.baton.deployer.acceptance;

import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;

import org.apache.kafka.clients.consumer.ConsumerRecord;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.ExtendWith;
import org.junit.jupiter.api.io.TempDir;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.CsvSource;
import org.springframework.boot.logging.LoggingSystemProperty;
import org.springframework.boot.test.system.CapturedOutput;
import org.springframework.boot.test.system.OutputCaptureExtension;
import org.springframework.context.ConfigurableApplicationContext;
import tools.jackson.databind.JsonNode;

import dev.baton.contracts.InstanceId;
import dev.baton.contracts.NodeId;
import dev.baton.contracts.Topic;
import dev.baton.contracts.deploy.DeployCancelling;
import dev.baton.contracts.deploy.DeployFailed;
import dev.baton.contracts.deploy.DeployRejected;
import dev.baton.contracts.deploy.DeployStarted;
import dev.baton.contracts.deploy.DeployStep;
import dev.baton.contracts.deploy.DeploySucceeded;
import dev.baton.contracts.deploy.InstanceDrained;
import dev.baton.contracts.deploy.InstanceEnabled;
import dev.baton.contracts.deploy.InstanceRestarted;
import dev.baton.contracts.deploy.InstanceRestartStarted;
import dev.baton.contracts.deploy.InstanceVerified;
import dev.baton.contracts.nginx.NginxCommand;
import dev.baton.contracts.nginx.SetPeerGate;
import dev.baton.kafka.testing.FreePorts;
import dev.baton.kafka.testing.Scrape;
import dev.baton.kafka.testing.ServiceProcess;
import dev.baton.kafka.testing.TestKafka;

import static org.assertj.core.api.Assertions.assertThat;
import static org.awaitility.Awaitility.await;

/**
 * The deployer against a real broker, with the test playing health-service and nginx
 * nodes by the real protocol and a real process as the runtime. Subclasses say which
 * broker.
 */
abstract class DeployerIntegrationTests {

	private static final Duration DEPLOY_TIMEOUT = Duration.ofSeconds(60);

	@TempDir
	Path state;

	DeployerWorld world;

	FakeHealthService health;

	abstract String bootstrapServers();

	@BeforeEach
	void setUp() {
		this.world = new DeployerWorld(bootstrapServers(), this.state);
		this.health = new FakeHealthService(this.world.kafka, this.world.prefix, this.state);
	}

	@AfterEach
	void tearDown() throws InterruptedException {
		this.health.close();
		this.world.close();
	}

	@Test
	void rollsThreeInstancesOneAtATimeAndEnablesEachOnlyAfterItsVersionIsVerified() throws Exception {
		this.world.instances(DeployerWorld.ORDERS, 3, "v1");
		try (FakeNginxNode node = node("nginx-a")) {
			ConfigurableApplicationContext deployer = this.world.startDeployer();
			this.world.deploy("ci-happy", "v2");
			List<DeployStep> steps = awaitEnd("ci-happy");

			assertThat(steps.get(steps.size() - 1)).isInstanceOf(DeploySucceeded.class);
			assertThat(steps.get(0)).isInstanceOfSatisfying(DeployStarted.class,
					(started) -> assertThat(started.batches()).containsExactly(List.of(id("orders-1")),
							List.of(id("orders-2")), List.of(id("orders-3"))));
			assertThat(steps.subList(1, steps.size() - 1)).extracting(DeployerIntegrationTests::describe)
				.containsExactly("InstanceDrained orders-1 ROLLOUT", "InstanceRestartStarted orders-1 ROLLOUT",
						"InstanceRestarted orders-1 ROLLOUT", "InstanceVerified orders-1 ROLLOUT",
						"InstanceEnabled orders-1 ROLLOUT", "InstanceDrained orders-2 ROLLOUT",
						"InstanceRestartStarted orders-2 ROLLOUT", "InstanceRestarted orders-2 ROLLOUT",
						"InstanceVerified orders-2 ROLLOUT", "InstanceEnabled orders-2 ROLLOUT",
						"InstanceDrained orders-3 ROLLOUT", "InstanceRestartStarted orders-3 ROLLOUT",
						"InstanceRestarted orders-3 ROLLOUT", "InstanceVerified orders-3 ROLLOUT",
						"InstanceEnabled orders-3 ROLLOUT");
			assertThat(steps).filteredOn(InstanceVerified.class::isInstance)
				.extracting((step) -> ((InstanceVerified) step).version().value())
				.containsOnly("v2");
			assertThat(steps).filteredOn(InstanceDrained.class::isInstance)
				.allSatisfy(
						(step) -> assertThat(((InstanceDrained) step).nodes()).containsExactly(NodeId.of("nginx-a")));
			assertNoGateOpenedBeforeVerification();
			assertThat(List.of("orders-1", "orders-2", "orders-3"))
				.allSatisfy((instance) -> assertThat(this.world.version(instance)).isEqualTo("v2"));
			assertEveryDeployGateOpen();
			Scrape.awaitSeries(deployer,
					"baton_deploy_duration_seconds_count{outcome=\"succeeded\",service=\"orders\"} 1\n",
					"baton_deploy_drain_seconds_count{phase=\"rollout\",service=\"orders\",timed_out=\"false\"} 3\n",
					"baton_deploy_restart_seconds_count{outcome=\"succeeded\",service=\"orders\"} 3\n",
					"baton_deploy_verify_seconds_count{phase=\"rollout\",service=\"orders\"} 3\n",
					"baton_dead_letters_total{topic=\"" + this.world.name(Topic.DEPLOY_REQUESTS) + "\"} 0.0\n");
		}
	}

	@Test
	@ExtendWith(OutputCaptureExtension.class)
	void logsEveryStepOfADeployAsJsonCarryingItsDeployIdAndInstance(CapturedOutput output) throws Exception {
		this.world.instances(DeployerWorld.ORDERS, 2, "v1");
		try (FakeNginxNode node = node("nginx-a")) {
			this.world.startDeployer("logging.structured.format.console=ecs");
			this.world.deploy("ci-json", "v2");
			assertThat(awaitEnd("ci-json")).last().isInstanceOf(DeploySucceeded.class);

			await().atMost(DEPLOY_TIMEOUT)
				.until(() -> jsonLines(output, "ci-json").stream()
					.anyMatch((line) -> line.get("message").asString().startsWith("DeploySucceeded[")));
			List<JsonNode> lines = jsonLines(output, "ci-json");
			assertThat(lines).allSatisfy((line) -> {
				assertThat(line.at("/service/name").asString()).isEqualTo("deployer-service");
				assertThat(line.at("/baton/service").asString()).isEqualTo("orders");
			});
			assertThat(lines).extracting((line) -> line.get("message").asString().replaceAll("\\[.*", ""))
				.containsSubsequence("DeployStarted", "InstanceDrained", "InstanceEnabled", "InstanceDrained",
						"InstanceEnabled", "DeploySucceeded");
			assertThat(lines).filteredOn((line) -> line.get("message").asString().startsWith("InstanceDrained["))
				.extracting((line) -> line.at("/baton/instance").asString())
				.containsExactly("orders-1", "orders-2");
		}
		finally {
			// Boot keeps the format in a system property, which would outlive
			// this test's deployer
			System.clearProperty(LoggingSystemProperty.CONSOLE_STRUCTURED_FORMAT.getEnvironmentVariableName());
		}
	}

	@ParameterizedTest(name = "{0}")
	@CsvSource({ "v2-broken, exit code 3", "v2-sick, UNHEALTHY after its restart", "v2-silent, was not verified within",
			"v2-liar, wrong version" })
	void rollsBackABrokenVersionAndReopensEveryGate(String version, String reason) throws Exception {
		this.world.instances(DeployerWorld.ORDERS, 3, "v1");
		try (FakeNginxNode node = node("nginx-a")) {
			ConfigurableApplicationContext deployer = this.world.startDeployer();
			this.world.deploy("ci-broken", version);
			List<DeployStep> steps = awaitEnd("ci-broken");

			assertThat(steps.get(steps.size() - 1)).isInstanceOfSatisfying(DeployFailed.class, (failed) -> {
				assertThat(failed.reason()).contains(reason);
				assertThat(failed.rolledBack()).containsExactly(id("orders-1"));
			});
			assertThat(steps).filteredOn(InstanceRestarted.class::isInstance)
				.first()
				.satisfies((step) -> assertThat(((InstanceRestarted) step).exitCode())
					.isEqualTo(version.contains("broken") ? 3 : 0));
			if (version.contains("broken")) {
				assertThat(steps).filteredOn(InstanceRestarted.class::isInstance)
					.first()
					.satisfies((step) -> assertThat(((InstanceRestarted) step).stderr())
						.contains("fake-runtime: orders-1 cannot start v2-broken"));
			}
			assertThat(steps).filteredOn((step) -> describe(step).endsWith("ROLLBACK"))
				.extracting(DeployerIntegrationTests::describe)
				.containsExactly("InstanceDrained orders-1 ROLLBACK", "InstanceRestartStarted orders-1 ROLLBACK",
						"InstanceRestarted orders-1 ROLLBACK", "InstanceVerified orders-1 ROLLBACK",
						"InstanceEnabled orders-1 ROLLBACK");
			assertThat(List.of("orders-1", "orders-2", "orders-3"))
				.allSatisfy((instance) -> assertThat(this.world.version(instance)).isEqualTo("v1"));
			assertThat(this.world.runtimeCalls()).noneMatch((call) -> call.contains("orders-2"));
			assertEveryDeployGateOpen();
			Scrape.awaitSeries(deployer,
					"baton_deploy_duration_seconds_count{outcome=\"failed\",service=\"orders\"} 1\n",
					"baton_deploy_drain_seconds_count{phase=\"rollback\",service=\"orders\",timed_out=\"false\"} 1\n",
					// the rollout's restart of orders-1, then its rollback's
					version.contains("broken")
							? "baton_deploy_restart_seconds_count{outcome=\"failed\",service=\"orders\"} 1\n"
							: "baton_deploy_restart_seconds_count{outcome=\"succeeded\",service=\"orders\"} 2\n",
					"baton_deploy_verify_seconds_count{phase=\"rollback\",service=\"orders\"} 1\n");
			assertThat(Scrape.prometheus(deployer))
				.doesNotContain("baton_deploy_duration_seconds_count{outcome=\"succeeded\"");
		}
	}

	@Test
	@ExtendWith(OutputCaptureExtension.class)
	void restartHooksCredentialsAreRedactedOnDeployStepsInTheAuditTrailAndTheLog(CapturedOutput output)
			throws Exception {
		this.world.instances(DeployerWorld.ORDERS, 2, "v1");
		try (FakeNginxNode node = node("nginx-a")) {
			this.world.startDeployer();
			this.world.deploy("ci-leaky", "v2-leaky");
			List<DeployStep> steps = awaitEnd("ci-leaky");

			assertThat(steps.get(steps.size() - 1)).isInstanceOf(DeploySucceeded.class);
			List<String> secrets = List.of("s3cr3t-pw", "eyJhbGciOiJIUzI1NiJ9", "tok-0123456789abcdef");
			assertThat(steps).filteredOn(InstanceRestarted.class::isInstance)
				.hasSize(2)
				.allSatisfy((step) -> assertThat(((InstanceRestarted) step).stderr())
					.contains("postgres://orders:[redacted]@db.internal:5432/orders",
							"> Authorization: Bearer [redacted]", "--api-token=[redacted]")
					.doesNotContain(secrets));
			assertThat(this.world.audits("ci-leaky")).isNotEmpty()
				.allSatisfy((audit) -> assertThat(audit.toString()).doesNotContain(secrets));
			assertThat(output.getAll()).contains("--api-token=[redacted]").doesNotContain(secrets);
		}
	}

	@Test
	void restartedDeployerFinishesADeployKilledWhileItRestartsTheSecondInstance() throws Exception {
		this.world.instances(DeployerWorld.ORDERS, 3, "v1");
		this.world.hold("orders-2");
		try (FakeNginxNode node = node("nginx-a")) {
			ConfigurableApplicationContext first = this.world.startDeployer();
			this.world.deploy("ci-killed", "v2");
			await().atMost(DEPLOY_TIMEOUT)
				.until(() -> this.world.steps("ci-killed")
					.stream()
					.anyMatch((step) -> describe(step).equals("InstanceRestartStarted orders-2 ROLLOUT")));
			first.close();
			this.world.release("orders-2");
			assertThat(this.world.steps("ci-killed")).extracting(DeployerIntegrationTests::describe)
				.endsWith("InstanceEnabled orders-1 ROLLOUT", "InstanceDrained orders-2 ROLLOUT",
						"InstanceRestartStarted orders-2 ROLLOUT");
			assertThat(this.world.version("orders-2")).isEqualTo("v1");

			this.world.startDeployer();
			List<DeployStep> steps = awaitEnd("ci-killed");

			assertThat(steps).extracting(DeployerIntegrationTests::describe)
				.containsExactly("DeployStarted", "InstanceDrained orders-1 ROLLOUT",
						"InstanceRestartStarted orders-1 ROLLOUT", "InstanceRestarted orders-1 ROLLOUT",
						"InstanceVerified orders-1 ROLLOUT", "InstanceEnabled orders-1 ROLLOUT",
						"InstanceDrained orders-2 ROLLOUT", "InstanceRestartStarted orders-2 ROLLOUT",
						// the restart the first deployer began is begun again
						"InstanceRestartStarted orders-2 ROLLOUT", "InstanceRestarted orders-2 ROLLOUT",
						"InstanceVerified orders-2 ROLLOUT", "InstanceEnabled orders-2 ROLLOUT",
						"InstanceDrained orders-3 ROLLOUT", "InstanceRestartStarted orders-3 ROLLOUT",
						"InstanceRestarted orders-3 ROLLOUT", "InstanceVerified orders-3 ROLLOUT",
						"InstanceEnabled orders-3 ROLLOUT", "DeploySucceeded");
			assertThat(this.world.audits("ci-killed"))
				.anySatisfy((audit) -> assertThat(audit.action()).isEqualTo("deploy.resumed"));
			assertThat(List.of("orders-1", "orders-2", "orders-3"))
				.allSatisfy((instance) -> assertThat(this.world.version(instance)).isEqualTo("v2"));
			assertEveryDeployGateOpen();
		}
	}

	@Test
	void aDeployerKilledWhileItAwaitsAVerdictReadsItWithinSecondsOfItsRestartAndRestartsNothingTwice()
			throws Exception {
		this.world.instances(DeployerWorld.ORDERS, 2, "v1");
		try (FakeNginxNode node = node("nginx-a")) {
			List<String> arguments = this.world.arguments("server.port=" + FreePorts.next(),
					"baton.deployer.services.orders.health-timeout=60s");
			ServiceProcess first = this.world.startDeployerProcess("deployer-1", arguments);
			this.health.hold();
			this.world.deploy("ci-kill9", "v2");
			await().atMost(DEPLOY_TIMEOUT)
				.until(() -> this.world.steps("ci-kill9")
					.stream()
					.anyMatch((step) -> describe(step).equals("InstanceRestarted orders-1 ROLLOUT")));

			first.kill();
			// health-service answers while no deployer runs
			this.health.release();
			this.world.startDeployerProcess("deployer-2", arguments);
			long readyAt = System.nanoTime();
			List<DeployStep> steps = awaitEnd("ci-kill9");
			Duration fromReady = Duration.ofNanos(System.nanoTime() - readyAt);

			assertThat(steps.get(steps.size() - 1)).isInstanceOf(DeploySucceeded.class);
			// a consumer group would have waited out the killed member's 45 s session
			assertThat(fromReady).isLessThan(Duration.ofSeconds(15));
			assertThat(steps).extracting(DeployerIntegrationTests::describe)
				.containsExactly("DeployStarted", "InstanceDrained orders-1 ROLLOUT",
						"InstanceRestartStarted orders-1 ROLLOUT", "InstanceRestarted orders-1 ROLLOUT",
						"InstanceVerified orders-1 ROLLOUT", "InstanceEnabled orders-1 ROLLOUT",
						"InstanceDrained orders-2 ROLLOUT", "InstanceRestartStarted orders-2 ROLLOUT",
						"InstanceRestarted orders-2 ROLLOUT", "InstanceVerified orders-2 ROLLOUT",
						"InstanceEnabled orders-2 ROLLOUT", "DeploySucceeded");
			assertThat(this.world.runtimeCalls()).filteredOn((call) -> call.startsWith("restart orders-1"))
				.containsExactly("restart orders-1 v2");
			assertEveryDeployGateOpen();
		}
	}

	@Test
	void aDeployerKilledWhileARestartHookRunsStopsThatHookBeforeRunningItAgain() throws Exception {
		this.world.instances(DeployerWorld.ORDERS, 2, "v1");
		this.world.hold("orders-2");
		Path work = this.state.resolve("work");
		try (FakeNginxNode node = node("nginx-a")) {
			List<String> arguments = this.world.arguments("server.port=" + FreePorts.next(),
					"baton.deployer.work-dir=" + work);
			ServiceProcess first = this.world.startDeployerProcess("deployer-1", arguments);
			this.world.deploy("ci-hook-left", "v2");
			await().atMost(DEPLOY_TIMEOUT)
				.until(() -> this.world.runtimeCalls().contains("activate orders-2 v2")
						&& Files.exists(work.resolve("orders.orders-2.pid")));
			long hook = Long.parseLong(Files.readString(work.resolve("orders.orders-2.pid")).split(" ")[0]);

			first.kill();
			// the hook, blocked on its fifo, outlives the deployer
			assertThat(ProcessHandle.of(hook)).hasValueSatisfying((process) -> assertThat(process.isAlive()).isTrue());
			this.world.release("orders-2");
			this.world.startDeployerProcess("deployer-2", arguments);
			List<DeployStep> steps = awaitEnd("ci-hook-left");

			assertThat(steps.get(steps.size() - 1)).isInstanceOf(DeploySucceeded.class);
			assertThat(ProcessHandle.of(hook).map(ProcessHandle::isAlive)).isNotEqualTo(Optional.of(true));
			assertThat(this.world.runtimeCalls()).filteredOn((call) -> call.contains("orders-2"))
				.containsExactly("activate orders-2 v2", "activate orders-2 v2", "restart orders-2 v2");
			assertThat(this.world.version("orders-2")).isEqualTo("v2");
			assertEveryDeployGateOpen();
		}
	}

	@Test
	void cancelStopsAfterTheCurrentBatchAndRollsItBack() throws Exception {
		this.world.instances(DeployerWorld.ORDERS, 3, "v1");
		this.world.hold("orders-1");
		try (FakeNginxNode node = node("nginx-a")) {
			this.world.startDeployer();
			this.world.deploy("ci-cancelled", "v2");
			await().atMost(DEPLOY_TIMEOUT)
				.until(() -> this.world.steps("ci-cancelled")
					.stream()
					.anyMatch((step) -> describe(step).equals("InstanceDrained orders-1 ROLLOUT")));
			this.world.cancel("ci-cancelled");
			await().atMost(DEPLOY_TIMEOUT)
				.until(() -> this.world.audits("ci-cancelled")
					.stream()
					.anyMatch((audit) -> audit.action().equals("deploy.cancel-requested")));
			this.world.unblock("orders-1");
			List<DeployStep> steps = awaitEnd("ci-cancelled");

			// the cancel is on the record as it arrives, before the batch under way ends
			assertThat(steps).extracting(DeployerIntegrationTests::describe)
				.containsSubsequence("InstanceDrained orders-1 ROLLOUT", "DeployCancelling",
						"InstanceEnabled orders-1 ROLLOUT");
			assertThat(steps).filteredOn((step) -> !(step instanceof DeployCancelling))
				.extracting(DeployerIntegrationTests::describe)
				.containsExactly("DeployStarted", "InstanceDrained orders-1 ROLLOUT",
						"InstanceRestartStarted orders-1 ROLLOUT", "InstanceRestarted orders-1 ROLLOUT",
						"InstanceVerified orders-1 ROLLOUT", "InstanceEnabled orders-1 ROLLOUT", "DeployRollingBack",
						"InstanceDrained orders-1 ROLLBACK", "InstanceRestartStarted orders-1 ROLLBACK",
						"InstanceRestarted orders-1 ROLLBACK", "InstanceVerified orders-1 ROLLBACK",
						"InstanceEnabled orders-1 ROLLBACK", "DeployFailed");
			assertThat(((DeployFailed) steps.get(steps.size() - 1)).reason()).isEqualTo("cancelled: ops: wrong day");
			assertThat(List.of("orders-1", "orders-2", "orders-3"))
				.allSatisfy((instance) -> assertThat(this.world.version(instance)).isEqualTo("v1"));
			assertEveryDeployGateOpen();
		}
	}

	@Test
	void waitsForEveryNodeAndNeverRestartsAnInstanceASilentNodeMayStillRouteTo() throws Exception {
		this.world.instances(DeployerWorld.ORDERS, 3, "v1");
		try (FakeNginxNode a = node("nginx-a"); FakeNginxNode b = node("nginx-b")) {
			this.world.startDeployer();
			this.world.deploy("ci-two-nodes", "v2");
			List<DeployStep> both = awaitEnd("ci-two-nodes");
			assertThat(both.get(both.size() - 1)).isInstanceOf(DeploySucceeded.class);
			assertThat(both).filteredOn(InstanceDrained.class::isInstance)
				.allSatisfy((step) -> assertThat(((InstanceDrained) step).nodes()).containsExactly(NodeId.of("nginx-a"),
						NodeId.of("nginx-b")));

			b.dieOnNextClose();
			this.world.deploy("ci-node-dies", "v3");
			List<DeployStep> steps = awaitEnd("ci-node-dies");

			assertThat(steps.get(steps.size() - 1)).isInstanceOfSatisfying(DeployFailed.class, (failed) -> {
				assertThat(failed.reason()).contains("not confirmed drained by nginx node(s) [nginx-b]");
				assertThat(failed.keptOut()).isEmpty();
			});
			assertThat(steps).noneMatch(InstanceDrained.class::isInstance)
				.noneMatch(InstanceRestartStarted.class::isInstance);
			assertThat(this.world.runtimeCalls()).noneMatch((call) -> call.contains("v3"));
			assertThat(this.world.audits("ci-node-dies")).anySatisfy((audit) -> {
				assertThat(audit.action()).isEqualTo("drain.unconfirmed");
				assertThat(audit.details()).containsEntry("nodes", "[nginx-b]");
			});
			assertEveryDeployGateOpen();
		}
	}

	@Test
	void rejectsBadRequestsWithAReasonAndRestartsNothing() throws Exception {
		this.world.instances(DeployerWorld.ORDERS, 3, "v1");
		this.world.instances(DeployerWorld.BILLING, 1, "v1");
		try (FakeNginxNode node = node("nginx-a")) {
			ConfigurableApplicationContext deployer = this.world.startDeployer();
			this.world.request(DeployerWorld.ORDERS,
					"{\"type\":\"DeployRequested\",\"deployId\":\"ci-unknown\",\"service\":\"payments\",\"version\":\"v2\"}");
			this.world.request(DeployerWorld.ORDERS,
					"{\"type\":\"DeployRequested\",\"deployId\":\"ci-shell\",\"service\":\"orders\",\"version\":\"v2; rm -rf /\"}");
			this.world.request(DeployerWorld.ORDERS,
					"{\"type\":\"DeployRequested\",\"deployId\":\"ci-no-version\",\"service\":\"orders\"}");
			this.world.request(DeployerWorld.BILLING,
					"{\"type\":\"DeployRequested\",\"deployId\":\"ci-single\",\"service\":\"billing\",\"version\":\"v2\"}");

			assertThat(awaitRejection("ci-unknown")).contains("unknown service payments");
			assertThat(awaitRejection("ci-shell")).contains("unreadable request").contains("version must match");
			assertThat(awaitRejection("ci-no-version")).contains("unreadable request").contains("version is required");
			assertThat(awaitRejection("ci-single")).contains("single instance");
			List<ConsumerRecord<String, byte[]>> deadLetters = this.world.kafka
				.readAllBytes(Topic.DEPLOY_REQUESTS.deadLetterNameWith(this.world.prefix));
			assertThat(deadLetters).extracting((record) -> TestKafka.header(record, "baton-dlt-reason"))
				.hasSize(2)
				.allSatisfy((reason) -> assertThat(reason).isNotBlank());
			assertThat(this.world.runtimeCalls()).isEmpty();
			assertThat(this.world.gateRecords()).isEmpty();
			Scrape.awaitSeries(deployer,
					"baton_dead_letters_total{topic=\"" + this.world.name(Topic.DEPLOY_REQUESTS) + "\"} 2.0\n");
			assertThat(Scrape.prometheus(deployer)).doesNotContain("baton_deploy_duration_seconds_count");
		}
	}

	private FakeNginxNode node(String nodeId) {
		return new FakeNginxNode(nodeId, DeployerWorld.ORDERS, this.world.kafka, this.world.prefix);
	}

	private List<DeployStep> awaitEnd(String deployId) {
		await().atMost(DEPLOY_TIMEOUT)
			.until(() -> this.world.steps(deployId)
				.stream()
				.anyMatch((step) -> step instanceof DeploySucceeded || step instanceof DeployFailed));
		return this.world.steps(deployId);
	}

	/**
	 * The ECS log lines of a deploy, as a log shipper would index them: the deployer's
	 * logging context is under {@code baton} (logging.structured.json.context.prefix).
	 */
	private static List<JsonNode> jsonLines(CapturedOutput output, String deployId) {
		return output.getOut()
			.lines()
			.filter((line) -> line.startsWith("{"))
			.map(Json.MAPPER::readTree)
			.filter((line) -> line.at("/baton/deployId").asString().equals(deployId))
			.toList();
	}

	private String awaitRejection(String deployId) {
		await().atMost(DEPLOY_TIMEOUT).until(() -> !this.world.steps(deployId).isEmpty());
		List<DeployStep> steps = this.world.steps(deployId);
		assertThat(steps).hasSize(1).first().isInstanceOf(DeployRejected.class);
		return ((DeployRejected) steps.get(0)).reason();
	}

	private void assertEveryDeployGateOpen() {
		Map<String, SetPeerGate> gates = this.world.deployGates();
		assertThat(gates).isNotEmpty();
		assertThat(gates.values()).allSatisfy((gate) -> assertThat(gate.open()).isTrue());
	}

	/**
	 * Every command opening a DEPLOY gate was published after its instance was verified.
	 */
	private void assertNoGateOpenedBeforeVerification() {
		Map<String, Long> verifiedAt = new HashMap<>();
		for (ConsumerRecord<String, String> record : this.world.stepRecords()) {
			if (Json.read(bytes(record), DeployStep.class) instanceof InstanceVerified verified) {
				verifiedAt.putIfAbsent(verified.instanceId().value(), record.timestamp());
			}
		}
		for (ConsumerRecord<String, String> record : this.world.gateRecords()) {
			SetPeerGate gate = (SetPeerGate) Json.read(bytes(record), NginxCommand.class);
			if (gate.open()) {
				String instance = "orders-" + (gate.port() - DeployerWorld.ORDERS_BASE_PORT);
				assertThat(verifiedAt).containsKey(instance);
				assertThat(record.timestamp()).isGreaterThanOrEqualTo(verifiedAt.get(instance));
			}
		}
	}

	private static byte[] bytes(ConsumerRecord<String, String> record) {
		return record.value().getBytes(StandardCharsets.UTF_8);
	}

	static String describe(DeployStep step) {
		if (step instanceof InstanceDrained drained) {
			return "InstanceDrained " + drained.instanceId() + " " + drained.phase();
		}
		if (step instanceof InstanceRestartStarted started) {
			return "InstanceRestartStarted " + started.instanceId() + " " + started.phase();
		}
		if (step instanceof InstanceRestarted restarted) {
			return "InstanceRestarted " + restarted.instanceId() + " " + restarted.phase();
		}
		if (step instanceof InstanceVerified verified) {
			return "InstanceVerified " + verified.instanceId() + " " + verified.phase();
		}
		if (step instanceof InstanceEnabled enabled) {
			return "InstanceEnabled " + enabled.instanceId() + " " + enabled.phase();
		}
		return step.getClass().getSimpleName();
	}

	static InstanceId id(String value) {
		return InstanceId.of(value);
	}

}
