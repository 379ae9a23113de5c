package dev.baton.health.it;

import java.time.Duration;
import java.time.Instant;
import java.util.List;
import java.util.UUID;
import java.util.concurrent.Executors;
import java.util.concurrent.ScheduledExecutorService;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicReference;

import ch.qos.logback.classic.LoggerContext;
import ch.qos.logback.classic.spi.ILoggingEvent;
import ch.qos.logback.core.read.ListAppender;
import org.apache.kafka.clients.consumer.ConsumerRecord;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

import org.springframework.context.ConfigurableApplicationContext;

import dev.baton.contracts.StepId;
import dev.baton.contracts.Version;
import dev.baton.contracts.health.HealthStatus;
import dev.baton.contracts.health.VerdictIssued;
import dev.baton.kafka.testing.FreePorts;
import dev.baton.health.support.Records;
import dev.baton.health.support.TestInstance;
import dev.baton.health.support.TestInstance.Mode;
import dev.baton.kafka.testing.Scrape;
import dev.baton.kafka.testing.TestKafka;

import static org.assertj.core.api.Assertions.assertThat;
import static org.awaitility.Awaitility.await;

/**
 * health-service against a real broker and real HTTP instances. Subclasses say where the
 * broker is.
 */
abstract class HealthServiceIntegrationTests {

	private static final Logger logger = LoggerFactory.getLogger(HealthServiceIntegrationTests.class);

	private static final Duration PATIENCE = Duration.ofSeconds(60);

	private HealthHarness harness;

	protected abstract String bootstrapServers();

	@BeforeEach
	void createWorld() {
		this.harness = new HealthHarness(bootstrapServers());
	}

	@AfterEach
	void closeWorld() {
		this.harness.close();
	}

	@Test
	void countsRiseAndFallExactly() {
		TestInstance instance = this.harness.instance();
		this.harness.registry("orders-1", Records.registered("orders-1", instance.port()));
		ConfigurableApplicationContext replica = this.harness.startReplica("r1", "baton.health.probe.interval=200ms",
				"baton.health.probe.rise=3", "baton.health.probe.fall=2");

		VerdictIssued healthy = this.harness.awaitVerdict("orders-1", HealthStatus.HEALTHY, PATIENCE);
		assertThat(healthy.consecutiveSuccesses()).isEqualTo(3);
		assertThat(healthy.consecutiveFailures()).isZero();
		assertThat(healthy.version()).isEqualTo(Version.of("v1"));
		assertThat(healthy.reason()).isEmpty();

		instance.mode(Mode.UNAVAILABLE);
		VerdictIssued unhealthy = this.harness.awaitVerdict("orders-1", HealthStatus.UNHEALTHY, PATIENCE);
		assertThat(unhealthy.consecutiveFailures()).isEqualTo(2);
		assertThat(unhealthy.consecutiveSuccesses()).isZero();
		assertThat(unhealthy.reason()).isEqualTo("503");
		assertThat(this.harness.verdicts("orders-1")).extracting(VerdictIssued::status)
			.containsExactly(HealthStatus.HEALTHY, HealthStatus.UNHEALTHY);
		assertThat(Scrape.prometheus(replica)).containsPattern("(?m)^baton_health_probe_latency_seconds_count [1-9]")
			.containsPattern("(?m)^baton_health_probe_latency_seconds_max ")
			.contains("baton_dead_letters_total{topic=\"" + this.harness.topic("registry.state") + "\"} 0.0\n",
					"baton_dead_letters_total{topic=\"" + this.harness.topic("deploy.steps") + "\"} 0.0\n");
	}

	@Test
	void versionChangeAloneProducesAVerdict() {
		TestInstance instance = this.harness.instance();
		this.harness.registry("orders-1", Records.registered("orders-1", instance.port()));
		this.harness.startReplica("r1", "baton.health.probe.interval=200ms");
		this.harness.awaitVerdict("orders-1", HealthStatus.HEALTHY, PATIENCE);

		instance.version("v2");
		await().atMost(PATIENCE)
			.until(() -> this.harness.verdicts("orders-1")
				.stream()
				.anyMatch((v) -> Version.of("v2").equals(v.version())));
		List<VerdictIssued> verdicts = this.harness.verdicts("orders-1");
		assertThat(verdicts).extracting(VerdictIssued::status).containsOnly(HealthStatus.HEALTHY);
		assertThat(verdicts).extracting(VerdictIssued::version).containsExactly(Version.of("v1"), Version.of("v2"));
		assertThat(verdicts.get(1).consecutiveSuccesses()).isGreaterThan(2);
	}

	@Test
	void restartedInstanceIsHealthyWithinTwoFastIntervalsOfStarting() {
		TestInstance instance = this.harness.instance();
		this.harness.registry("orders-1", Records.registered("orders-1", instance.port()));
		this.harness.startReplica("r1", "baton.health.probe.fast-interval=100ms");
		this.harness.awaitVerdict("orders-1", HealthStatus.HEALTHY, PATIENCE);

		instance.down();
		String stepId = "restart-" + UUID.randomUUID();
		ListAppender<ILoggingEvent> logged = listen();
		this.harness.step(Records.restarted("orders-1", instance.port(), stepId, 10_000));
		AtomicReference<Instant> startedAt = new AtomicReference<>();
		ScheduledExecutorService starter = Executors.newSingleThreadScheduledExecutor();
		try {
			// the restarted app needs 700 ms to start listening
			starter.schedule(() -> {
				instance.version("v2").up();
				startedAt.set(Instant.now());
			}, 700, TimeUnit.MILLISECONDS);
			VerdictIssued answer = this.harness.awaitAnswer("orders-1", stepId, PATIENCE);
			assertThat(answer.status()).isEqualTo(HealthStatus.HEALTHY);
			assertThat(answer.version()).isEqualTo(Version.of("v2"));
			assertThat(answer.answersStep()).isEqualTo(StepId.of(stepId));
			Instant decidedAt = answer.probedAt().plusMillis(answer.latencyMillis());
			logger.info("Restarted instance verified {} ms after it started listening",
					Duration.between(startedAt.get(), decidedAt).toMillis());
			assertThat(Duration.between(startedAt.get(), decidedAt))
				.isLessThanOrEqualTo(Duration.ofMillis(2 * 100 + 100));
			assertThat(loggedFor(logged, stepId))
				.allSatisfy((event) -> assertThat(event.getMDCPropertyMap()).containsEntry("instance", "orders-1")
					.containsEntry("stepId", stepId))
				.extracting(ILoggingEvent::getFormattedMessage)
				.anySatisfy((message) -> assertThat(message).contains("probing fast"))
				.anySatisfy((message) -> assertThat(message).contains("answers restart step " + stepId + ": HEALTHY"));
		}
		finally {
			starter.shutdownNow();
			logging().getLogger("dev.baton.health").detachAppender(logged);
		}
	}

	@Test
	void restartIsVerifiedWhileTheRuntimeStillRunsOnceTheOldProcessWasGone() {
		TestInstance instance = this.harness.instance();
		this.harness.registry("orders-1", Records.registered("orders-1", instance.port()));
		this.harness.startReplica("r1", "baton.health.probe.fast-interval=50ms");
		this.harness.awaitVerdict("orders-1", HealthStatus.HEALTHY, PATIENCE);

		String stepId = "restart-" + UUID.randomUUID();
		ListAppender<ILoggingEvent> logged = listen();
		this.harness.step(Records.restartStarted("orders-1", instance.port(), stepId, 10_000));
		AtomicReference<Instant> stoppedAt = new AtomicReference<>();
		AtomicReference<Instant> startedAt = new AtomicReference<>();
		ScheduledExecutorService runtime = Executors.newSingleThreadScheduledExecutor();
		try {
			// the old process serves v1 for 500 ms more, then nothing listens for 500 ms
			runtime.schedule(() -> {
				stoppedAt.set(Instant.now());
				instance.down();
			}, 500, TimeUnit.MILLISECONDS);
			runtime.schedule(() -> {
				instance.version("v2").up();
				startedAt.set(Instant.now());
			}, 1000, TimeUnit.MILLISECONDS);
			VerdictIssued answer = this.harness.awaitAnswer("orders-1", stepId, PATIENCE);
			assertThat(answer.status()).isEqualTo(HealthStatus.HEALTHY);
			assertThat(answer.version()).isEqualTo(Version.of("v2"));
			assertThat(answer.probedAt()).isAfter(stoppedAt.get());
			Instant decidedAt = answer.probedAt().plusMillis(answer.latencyMillis());
			logger.info("Instance verified {} ms after it started listening, no InstanceRestarted published",
					Duration.between(startedAt.get(), decidedAt).toMillis());
			assertThat(Duration.between(startedAt.get(), decidedAt))
				.isLessThanOrEqualTo(Duration.ofMillis(2 * 50 + 100));
			// While the old process still listened, the fast probes only connected: no
			// request reached it that it would have had to finish before stopping.
			Instant fastFrom = loggedFor(logged, stepId).stream()
				.filter((event) -> event.getFormattedMessage().contains("probing fast"))
				.map((event) -> Instant.ofEpochMilli(event.getTimeStamp()))
				.findFirst()
				.orElseThrow();
			assertThat(instance.probes()).extracting(TestInstance.Probe::at)
				.filteredOn((at) -> at.isAfter(fastFrom.plusMillis(100)) && at.isBefore(stoppedAt.get()))
				.isEmpty();
		}
		finally {
			runtime.shutdownNow();
			logging().getLogger("dev.baton.health").detachAppender(logged);
		}
	}

	@Test
	void restartThatNeverComesUpIsAnsweredUnhealthyAtTheDeployTimeout() {
		TestInstance instance = this.harness.instance();
		this.harness.registry("orders-1", Records.registered("orders-1", instance.port()));
		this.harness.startReplica("r1");
		this.harness.awaitVerdict("orders-1", HealthStatus.HEALTHY, PATIENCE);

		instance.down();
		String stepId = "restart-" + UUID.randomUUID();
		this.harness.step(Records.restarted("orders-1", instance.port(), stepId, 1_500));
		VerdictIssued answer = this.harness.awaitAnswer("orders-1", stepId, PATIENCE);
		assertThat(answer.status()).isEqualTo(HealthStatus.UNHEALTHY);
		assertThat(answer.reason()).startsWith("not healthy within 1500 ms");
	}

	@Test
	void atStartOnlyTheRestartStepsStillOwedAVerdictAreAnswered() {
		TestInstance settled = this.harness.instance().version("v2");
		TestInstance owed = this.harness.instance().version("v2");
		this.harness.registry("orders-1", Records.registered("orders-1", settled.port()));
		this.harness.registry("orders-2", Records.registered("orders-2", owed.port()));
		String settledStep = "restart-" + UUID.randomUUID();
		String owedStep = "restart-" + UUID.randomUUID();
		// long enough for a slow start of the replica: the steps are read back once it
		// runs
		this.harness.step(Records.restarted("orders-1", settled.port(), settledStep, 240_000));
		this.harness.step(Records.verified("orders-1", settledStep));
		this.harness.step(Records.restarted("orders-2", owed.port(), owedStep, 240_000));
		this.harness.startReplica("r1", "baton.health.probe.fast-interval=100ms");

		VerdictIssued answer = this.harness.awaitAnswer("orders-2", owedStep, PATIENCE);
		assertThat(answer.status()).isEqualTo(HealthStatus.HEALTHY);
		assertThat(answer.version()).isEqualTo(Version.of("v2"));
		// both instances are probed from the same registry read: by the time the owed
		// step is answered, a replayed settled step would have been answered too
		this.harness.awaitVerdict("orders-1", HealthStatus.HEALTHY, PATIENCE);
		assertThat(this.harness.verdicts("orders-1")).extracting(VerdictIssued::answersStep).containsOnlyNulls();
	}

	@Test
	void aRestartStepStampedFiveMinutesAgoByASkewedDeployerClockIsStillAnsweredAfterItsFullTimeout() {
		TestInstance instance = this.harness.stoppedInstance();
		this.harness.registry("orders-1", Records.registered("orders-1", instance.port()));
		this.harness.startReplica("r1");
		this.harness.awaitVerdict("orders-1", HealthStatus.UNHEALTHY, PATIENCE);

		// the deployer's clock five minutes behind this replica's: the time on the step
		// must not shorten, let alone cancel, the wait for the instance
		String stepId = "restart-" + UUID.randomUUID();
		long sent = System.nanoTime();
		this.harness.step(Records.restarted("orders-1", instance.port(), stepId, 3_000,
				Instant.now().minus(Duration.ofMinutes(5))));
		VerdictIssued answer = this.harness.awaitAnswer("orders-1", stepId, PATIENCE);
		assertThat(answer.status()).isEqualTo(HealthStatus.UNHEALTHY);
		assertThat(answer.reason()).startsWith("not healthy within 3000 ms");
		assertThat(Duration.ofNanos(System.nanoTime() - sent)).isGreaterThanOrEqualTo(Duration.ofMillis(3_000));
	}

	@Test
	void deregisteredInstanceStopsBeingProbedAtOnce() {
		TestInstance instance = this.harness.instance();
		this.harness.registry("orders-1", Records.registered("orders-1", instance.port()));
		this.harness.startReplica("r1", "baton.health.probe.interval=100ms");
		this.harness.awaitVerdict("orders-1", HealthStatus.HEALTHY, PATIENCE);

		this.harness.registry("orders-1",
				Records.snapshot("orders-1", "127.0.0.1", instance.port(), "DEREGISTERED", 2));
		Instant deregisteredAt = Instant.now();
		await().atMost(PATIENCE).until(() -> lastProbe(instance).isBefore(Instant.now().minusSeconds(1)));
		assertThat(lastProbe(instance)).isBefore(deregisteredAt.plusMillis(500));
	}

	@Test
	void slowAndUnreachableInstancesAreUnhealthyWithTheirReasonAndOthersKeepBeingProbed() {
		TestInstance slow = this.harness.instance().mode(Mode.SLOW);
		TestInstance healthy = this.harness.instance();
		this.harness.registry("slow-1", Records.registered("slow-1", slow.port()));
		this.harness.registry("gone-1", Records.registered("gone-1", FreePorts.next()));
		this.harness.registry("ghost-1", Records.snapshot("ghost-1", "no-such-host.invalid", 8080, "REGISTERED", 1));
		this.harness.registry("orders-1", Records.registered("orders-1", healthy.port()));
		this.harness.startReplica("r1", "baton.health.probe.interval=300ms", "baton.health.probe.timeout=200ms");

		assertThat(this.harness.awaitVerdict("slow-1", HealthStatus.UNHEALTHY, PATIENCE).reason()).isEqualTo("timeout");
		assertThat(this.harness.awaitVerdict("gone-1", HealthStatus.UNHEALTHY, PATIENCE).reason()).isEqualTo("refused");
		assertThat(this.harness.awaitVerdict("ghost-1", HealthStatus.UNHEALTHY, PATIENCE).reason()).isNotEmpty();
		this.harness.awaitVerdict("orders-1", HealthStatus.HEALTHY, PATIENCE);
		int probes = healthy.probes().size();
		await().atMost(PATIENCE).until(() -> healthy.probes().size() >= probes + 3);
	}

	@Test
	void malformedRecordsGoToTheDeadLetterTopicAndProbingGoesOn() {
		TestInstance first = this.harness.instance();
		TestInstance second = this.harness.instance();
		this.harness.registry("orders-1", Records.registered("orders-1", first.port()));
		ConfigurableApplicationContext replica = this.harness.startReplica("r1", "baton.health.probe.interval=200ms");
		this.harness.awaitVerdict("orders-1", HealthStatus.HEALTHY, PATIENCE);

		this.harness.registry("bad-1", "{not json");
		this.harness.registry("bad-2", Records.snapshot("bad-2", "bad host!", 8080, "REGISTERED", 1));
		this.harness.registry("bad-3", Records.registered("someone-else", second.port()));
		this.harness.step("{\"type\":\"InstanceRestarted\",\"stepId\":\"s-1\"}");
		this.harness.registry("orders-2", Records.registered("orders-2", second.port()));

		this.harness.awaitVerdict("orders-2", HealthStatus.HEALTHY, PATIENCE);
		await().atMost(PATIENCE)
			.until(() -> this.harness.kafka().readAllBytes(this.harness.topic("registry.state-dlt")).size() == 3);
		assertThat(this.harness.kafka().readAllBytes(this.harness.topic("registry.state-dlt")))
			.extracting(ConsumerRecord::key)
			.containsExactlyInAnyOrder("bad-1", "bad-2", "bad-3");
		assertThat(this.harness.kafka().readAllBytes(this.harness.topic("registry.state-dlt")))
			.allSatisfy((record) -> assertThat(TestKafka.header(record, "baton-dlt-reason")).isNotBlank());
		await().atMost(PATIENCE)
			.until(() -> this.harness.kafka().readAllBytes(this.harness.topic("deploy.steps-dlt")).size() == 1);
		int probes = first.probes().size();
		await().atMost(PATIENCE).until(() -> first.probes().size() >= probes + 3);
		await().atMost(PATIENCE)
			.untilAsserted(() -> assertThat(Scrape.prometheus(replica)).contains(
					"baton_dead_letters_total{topic=\"" + this.harness.topic("registry.state") + "\"} 3.0\n",
					"baton_dead_letters_total{topic=\"" + this.harness.topic("deploy.steps") + "\"} 1.0\n"));
	}

	@Test
	void restatesAnUnchangedVerdictPeriodically() {
		TestInstance instance = this.harness.instance();
		this.harness.registry("orders-1", Records.registered("orders-1", instance.port()));
		this.harness.startReplica("r1", "baton.health.probe.interval=100ms",
				"baton.health.verdicts.restate-interval=500ms");
		await().atMost(PATIENCE).until(() -> this.harness.verdicts("orders-1").size() >= 3);
		assertThat(this.harness.verdicts("orders-1")).extracting(VerdictIssued::status)
			.containsOnly(HealthStatus.HEALTHY);
	}

	@Test
	void twoReplicasSplitTheInstancesAndTheSurvivorTakesOverWithinARebalancePlusOneInterval() {
		new ReplicaTakeoverTests(this.harness).run();
	}

	/** Records what health-service logs from now on (its start-up reset logging). */
	private static ListAppender<ILoggingEvent> listen() {
		ListAppender<ILoggingEvent> appender = new ListAppender<>();
		appender.start();
		logging().getLogger("dev.baton.health").addAppender(appender);
		return appender;
	}

	private static LoggerContext logging() {
		return (LoggerContext) LoggerFactory.getILoggerFactory();
	}

	/** The events logged with a restart step in their logging context. */
	private static List<ILoggingEvent> loggedFor(ListAppender<ILoggingEvent> appender, String stepId) {
		synchronized (appender) {
			return appender.list.stream()
				.filter((event) -> stepId.equals(event.getMDCPropertyMap().get("stepId")))
				.toList();
		}
	}

	private static Instant lastProbe(TestInstance instance) {
		List<TestInstance.Probe> probes = instance.probes();
		return probes.get(probes.size() - 1).at();
	}

}
