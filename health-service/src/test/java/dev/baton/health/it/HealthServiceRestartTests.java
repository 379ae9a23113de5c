package dev.baton.health.it;

import java.nio.file.Path;
import java.time.Duration;
import java.time.Instant;
import java.util.List;
import java.util.UUID;

import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

import org.springframework.kafka.test.condition.EmbeddedKafkaCondition;
import org.springframework.kafka.test.context.EmbeddedKafka;

import dev.baton.contracts.StepId;
import dev.baton.contracts.Version;
import dev.baton.contracts.health.HealthStatus;
import dev.baton.contracts.health.VerdictIssued;
import dev.baton.health.HealthApplication;
import dev.baton.health.support.Records;
import dev.baton.health.support.TestInstance;
import dev.baton.kafka.testing.FreePorts;
import dev.baton.kafka.testing.ServiceProcess;

import static org.assertj.core.api.Assertions.assertThat;

/**
 * health-service killed with {@code kill -9} in the middle of a deploy's restart step and
 * started again with the same command line, in a process of its own, against a real
 * broker and a real HTTP instance: the restarted service must answer the step it owed.
 */
@EmbeddedKafka(partitions = 3)
class HealthServiceRestartTests {

	private static final Logger logger = LoggerFactory.getLogger(HealthServiceRestartTests.class);

	/**
	 * How long after its start-up completes a restarted health-service may take to
	 * answer: reading its share of the registry and the recent steps back, then two fast
	 * probes. With a start-up of up to 7 s (JVM and Spring; 4 to 6 s on this kind of
	 * machine when it is not shared) that is the target of 10 s from the process
	 * start; before, the registry's group held the instance for the killed process's 45 s
	 * session.
	 */
	private static final Duration ANSWERED_AFTER_STARTED_WITHIN = Duration.ofSeconds(3);

	private static final Duration PATIENCE = Duration.ofSeconds(180);

	private static final long HEALTH_TIMEOUT_MILLIS = 60_000;

	/**
	 * Kept after the run: what each start of health-service did, for a failure's cause.
	 */
	private final Path logs = Path.of("target", "service-logs", getClass().getSimpleName());

	private HealthHarness harness;

	@BeforeEach
	void createWorld() {
		this.harness = new HealthHarness(EmbeddedKafkaCondition.getBroker().getBrokersAsString());
	}

	@AfterEach
	void closeWorld() {
		this.harness.close();
	}

	@Test
	void killedDuringARestartStepAnswersItHealthyWithinSecondsOfStartingAgain() {
		TestInstance instance = this.harness.instance();
		this.harness.registry("orders-1", Records.registered("orders-1", instance.port()));
		List<String> arguments = this.harness.processArguments(FreePorts.next(),
				"baton.health.probe.fast-interval=100ms");
		String stepId = "restart-" + UUID.randomUUID();
		Instant startedAgainAt;
		try (ServiceProcess first = ServiceProcess.start("health-first", HealthApplication.class, this.logs,
				arguments)) {
			this.harness.awaitVerdict("orders-1", HealthStatus.HEALTHY, PATIENCE);
			this.harness.step(Records.restartStarted("orders-1", instance.port(), stepId, HEALTH_TIMEOUT_MILLIS));
			first.awaitOutput("probing fast", PATIENCE);
			// the runtime stops the old process; health-service dies before the new one
			// is up, and the runtime reports the restart while it is away
			instance.down();
			first.kill();
			this.harness.step(Records.restarted("orders-1", instance.port(), stepId, HEALTH_TIMEOUT_MILLIS));
		}
		startedAgainAt = Instant.now();
		try (ServiceProcess second = ServiceProcess.start("health-second", HealthApplication.class, this.logs,
				arguments)) {
			instance.version("v2").up();
			VerdictIssued answer = this.harness.awaitAnswer("orders-1", stepId, PATIENCE);
			Instant decidedAt = answer.probedAt().plusMillis(answer.latencyMillis());
			Instant startedAt = startedAt(second);
			logger.info(
					"Restart step answered {} ms after health-service was started again ({} ms after its start-up"
							+ " completed)",
					Duration.between(startedAgainAt, decidedAt).toMillis(),
					Duration.between(startedAt, decidedAt).toMillis());
			assertThat(answer.status()).isEqualTo(HealthStatus.HEALTHY);
			assertThat(answer.version()).isEqualTo(Version.of("v2"));
			assertThat(answer.answersStep()).isEqualTo(StepId.of(stepId));
			assertThat(Duration.between(startedAt, decidedAt)).as("from the end of the second start-up to the answer")
				.isLessThanOrEqualTo(ANSWERED_AFTER_STARTED_WITHIN);
		}
	}

	@Test
	void killedWhileTheRuntimeStillRestartsResumesTheStepAndCountsOnlyTheNewProcess() {
		TestInstance instance = this.harness.instance();
		this.harness.registry("orders-1", Records.registered("orders-1", instance.port()));
		List<String> arguments = this.harness.processArguments(FreePorts.next(),
				"baton.health.probe.fast-interval=100ms");
		String stepId = "restart-" + UUID.randomUUID();
		try (ServiceProcess first = ServiceProcess.start("health-first", HealthApplication.class, this.logs,
				arguments)) {
			this.harness.awaitVerdict("orders-1", HealthStatus.HEALTHY, PATIENCE);
			this.harness.step(Records.restartStarted("orders-1", instance.port(), stepId, HEALTH_TIMEOUT_MILLIS));
			first.awaitOutput("probing fast", PATIENCE);
			first.kill();
		}
		try (ServiceProcess second = ServiceProcess.start("health-second", HealthApplication.class, this.logs,
				arguments)) {
			// the old process still serves v1 while health-service takes the step up
			// again
			second.awaitOutput("probing fast", PATIENCE);
			instance.down();
			instance.version("v2").up();
			this.harness.step(Records.restarted("orders-1", instance.port(), stepId, HEALTH_TIMEOUT_MILLIS));
			Instant reportedAt = Instant.now();
			VerdictIssued answer = this.harness.awaitAnswer("orders-1", stepId, PATIENCE);
			Instant decidedAt = answer.probedAt().plusMillis(answer.latencyMillis());
			assertThat(answer.status()).isEqualTo(HealthStatus.HEALTHY);
			assertThat(answer.version()).isEqualTo(Version.of("v2"));
			assertThat(Duration.between(reportedAt, decidedAt)).as("from the runtime's report to the answer")
				.isLessThanOrEqualTo(ANSWERED_AFTER_STARTED_WITHIN);
		}
	}

	/** When the service said its start-up completed, by the time stamp of that line. */
	private static Instant startedAt(ServiceProcess service) {
		service.awaitOutput("Started HealthApplication", PATIENCE);
		return service.output()
			.lines()
			.filter((line) -> line.contains("Started HealthApplication"))
			.map((line) -> Instant.parse(line.substring(0, line.indexOf(' '))))
			.findFirst()
			.orElseThrow();
	}

}
