package dev.baton.health.verdict;

import java.time.Duration;
import java.util.Optional;
import java.util.concurrent.TimeUnit;
import java.util.regex.Pattern;

import org.junit.jupiter.api.Test;

import dev.baton.contracts.Endpoint;
import dev.baton.contracts.InstanceId;
import dev.baton.contracts.ServiceName;
import dev.baton.contracts.StepId;
import dev.baton.contracts.Version;
import dev.baton.contracts.health.HealthStatus;
import dev.baton.contracts.health.VerdictIssued;
import dev.baton.health.probe.ProbeOutcome;
import dev.baton.health.probe.ProbeSettings;
import dev.baton.health.probe.ProbeTarget;

import static dev.baton.health.verdict.HealthCounterTests.failure;
import static dev.baton.health.verdict.HealthCounterTests.success;
import static org.assertj.core.api.Assertions.assertThat;

class InstanceHealthTests {

	private static final long SECOND = TimeUnit.SECONDS.toNanos(1);

	private final ProbeTarget target = new ProbeTarget(InstanceId.of("orders-1"), ServiceName.of("orders"),
			new Endpoint("127.0.0.1", 8081), "/health");

	private final InstanceHealth health = new InstanceHealth(this.target, new ProbeSettings(Duration.ofSeconds(1),
			Duration.ofMillis(500), 2, 2, Duration.ofMillis(100), "version", Pattern.compile("ok (\\S+)")),
			Duration.ofSeconds(30));

	@Test
	void publishesOnlyOnChangeUntilTheRestatementIsDue() {
		assertThat(this.health.judge(success("v1"), 0)).isEmpty();
		VerdictIssued healthy = this.health.judge(success("v1"), SECOND).orElseThrow();
		assertThat(healthy.status()).isEqualTo(HealthStatus.HEALTHY);
		assertThat(healthy.version()).isEqualTo(Version.of("v1"));
		assertThat(healthy.consecutiveSuccesses()).isEqualTo(2);
		assertThat(healthy.answersStep()).isNull();
		assertThat(this.health.judge(success("v1"), 2 * SECOND)).isEmpty();
		assertThat(this.health.judge(success("v1"), 30 * SECOND)).isEmpty();
		VerdictIssued restated = this.health.judge(success("v1"), 31 * SECOND).orElseThrow();
		assertThat(restated.status()).isEqualTo(HealthStatus.HEALTHY);
		assertThat(restated.consecutiveSuccesses()).isEqualTo(5);
	}

	@Test
	void unhealthyVerdictCarriesTheReason() {
		this.health.judge(failure("refused"), 0);
		VerdictIssued verdict = this.health.judge(failure("refused"), SECOND).orElseThrow();
		assertThat(verdict.status()).isEqualTo(HealthStatus.UNHEALTHY);
		assertThat(verdict.reason()).isEqualTo("refused");
		assertThat(verdict.version()).isNull();
	}

	@Test
	void answersTheRestartStepOnceTheRestartedInstanceRises() {
		riseAt(0);
		StepId step = StepId.of("restart-1");
		assertThat(this.health.watch(new RestartWatch(step, 10 * SECOND, 10_000, false))).isTrue();
		assertThat(this.health.watching()).isTrue();
		assertThat(this.health.judge(success("v2"), 2 * SECOND)).isEmpty();
		VerdictIssued answer = this.health.judge(success("v2"), 3 * SECOND).orElseThrow();
		assertThat(answer.status()).isEqualTo(HealthStatus.HEALTHY);
		assertThat(answer.version()).isEqualTo(Version.of("v2"));
		assertThat(answer.answersStep()).isEqualTo(step);
		assertThat(this.health.watching()).isFalse();
		assertThat(this.health.watch(new RestartWatch(step, 20 * SECOND, 10_000, false))).isFalse();
	}

	@Test
	void answersTheRestartStepUnhealthyWhenTheTimeoutPasses() {
		riseAt(0);
		StepId step = StepId.of("restart-2");
		this.health.watch(new RestartWatch(step, 5 * SECOND, 4_000, false));
		Optional<VerdictIssued> down = this.health.judge(failure("refused"), 2 * SECOND);
		assertThat(down).isEmpty();
		VerdictIssued unhealthy = this.health.judge(failure("refused"), 3 * SECOND).orElseThrow();
		assertThat(unhealthy.answersStep()).isNull();
		VerdictIssued answer = this.health.judge(failure("refused"), 5 * SECOND).orElseThrow();
		assertThat(answer.status()).isEqualTo(HealthStatus.UNHEALTHY);
		assertThat(answer.answersStep()).isEqualTo(step);
		assertThat(answer.reason()).isEqualTo("not healthy within 4000 ms: refused");
	}

	@Test
	void whileTheRuntimeRestartsOnlyARiseAfterTheOldProcessIsGoneAnswers() {
		riseAt(0);
		StepId step = StepId.of("restart-3");
		assertThat(this.health.watch(new RestartWatch(step, 10 * SECOND, 10_000, true))).isTrue();
		assertThat(this.health.watching()).isTrue();
		assertThat(answerTo(success("v1"), SECOND)).isEmpty();
		assertThat(answerTo(failure("503"), 2 * SECOND)).isEmpty();
		assertThat(answerTo(success("v1"), 3 * SECOND)).isEmpty();
		assertThat(answerTo(success("v1"), 4 * SECOND)).isEmpty();
		assertThat(answerTo(failure("refused"), 5 * SECOND)).isEmpty();
		assertThat(answerTo(success("v2"), 6 * SECOND)).isEmpty();
		VerdictIssued answer = this.health.judge(success("v2"), 7 * SECOND).orElseThrow();
		assertThat(answer.answersStep()).isEqualTo(step);
		assertThat(answer.version()).isEqualTo(Version.of("v2"));
		assertThat(this.health.watch(new RestartWatch(step, 20 * SECOND, 10_000, false))).isFalse();
		assertThat(this.health.watching()).isFalse();
	}

	@Test
	void whileTheRuntimeRestartsTheOldProcessIsAwaitedUntilNothingListensOrTheRuntimeIsDone() {
		riseAt(0);
		assertThat(this.health.awaitingOldProcessExit()).isFalse();
		this.health.watch(new RestartWatch(StepId.of("restart-7"), 10 * SECOND, 10_000, true));
		assertThat(this.health.awaitingOldProcessExit()).isTrue();
		this.health.oldProcessListens(SECOND);
		assertThat(this.health.awaitingOldProcessExit()).isTrue();
		this.health.judge(failure("refused"), 2 * SECOND);
		assertThat(this.health.awaitingOldProcessExit()).isFalse();
		assertThat(this.health.watching()).isTrue();

		this.health.watch(new RestartWatch(StepId.of("restart-8"), 20 * SECOND, 10_000, true));
		assertThat(this.health.awaitingOldProcessExit()).isTrue();
		this.health.watch(new RestartWatch(StepId.of("restart-8"), 20 * SECOND, 10_000, false));
		assertThat(this.health.awaitingOldProcessExit()).isFalse();
	}

	@Test
	void aRestartWhoseOldProcessListensPastItsTimeEndsUnanswered() {
		riseAt(0);
		this.health.watch(new RestartWatch(StepId.of("restart-9"), 5 * SECOND, 4_000, true));
		this.health.oldProcessListens(4 * SECOND);
		assertThat(this.health.watching()).isTrue();

		this.health.oldProcessListens(6 * SECOND);

		assertThat(this.health.watching()).isFalse();
		assertThat(this.health.awaitingOldProcessExit()).isFalse();
	}

	@Test
	void theEndOfARestartKeepsWhatWasCountedSinceTheOldProcessWasGone() {
		riseAt(0);
		StepId step = StepId.of("restart-4");
		this.health.watch(new RestartWatch(step, 10 * SECOND, 10_000, true));
		this.health.judge(failure("refused"), SECOND);
		assertThat(answerTo(success("v2"), 2 * SECOND)).isEmpty();

		assertThat(this.health.watch(new RestartWatch(step, 30 * SECOND, 10_000, false))).isFalse();

		assertThat(this.health.judge(success("v2"), 3 * SECOND).orElseThrow().answersStep()).isEqualTo(step);
	}

	@Test
	void theEndOfARestartWhoseOldProcessWasNeverSeenGoneForgetsWhatWasKnown() {
		riseAt(0);
		StepId step = StepId.of("restart-5");
		this.health.watch(new RestartWatch(step, 10 * SECOND, 10_000, true));
		assertThat(answerTo(success("v1"), SECOND)).isEmpty();

		assertThat(this.health.watch(new RestartWatch(step, 30 * SECOND, 10_000, false))).isTrue();
		assertThat(this.health.watch(new RestartWatch(step, 30 * SECOND, 10_000, true))).isFalse();

		assertThat(answerTo(success("v2"), 2 * SECOND)).isEmpty();
		assertThat(this.health.judge(success("v2"), 3 * SECOND).orElseThrow().answersStep()).isEqualTo(step);
	}

	@Test
	void aRestartThatNeverEndsIsNotAnswered() {
		riseAt(0);
		this.health.watch(new RestartWatch(StepId.of("restart-6"), 5 * SECOND, 4_000, true));
		this.health.judge(failure("refused"), SECOND);

		VerdictIssued unhealthy = this.health.judge(failure("refused"), 6 * SECOND).orElseThrow();

		assertThat(unhealthy.status()).isEqualTo(HealthStatus.UNHEALTHY);
		assertThat(unhealthy.answersStep()).isNull();
		assertThat(this.health.watching()).isFalse();
	}

	private Optional<StepId> answerTo(ProbeOutcome outcome, long nanos) {
		return this.health.judge(outcome, nanos).map(VerdictIssued::answersStep);
	}

	private void riseAt(long nanos) {
		this.health.judge(success("v1"), nanos);
		this.health.judge(success("v1"), nanos);
	}

}
