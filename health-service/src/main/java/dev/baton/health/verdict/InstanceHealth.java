package dev.baton.health.verdict;

import java.time.Duration;
import java.util.Optional;

import dev.baton.contracts.StepId;
import dev.baton.contracts.health.VerdictIssued;
import dev.baton.health.probe.ProbeOutcome;
import dev.baton.health.probe.ProbeSettings;
import dev.baton.health.probe.ProbeTarget;

/**
 * What health-service knows about one instance and says about it: a verdict on every
 * change of status or version, a re-statement when nothing changed for a while, and,
 * after a deploy restarted the instance, the verdict that answers that restart step: the
 * moment it rises, or unhealthy once the deploy's timeout passes. Not thread-safe: its
 * owner serializes calls.
 */
public final class InstanceHealth {

	private final ProbeTarget target;

	private final HealthCounter counter;

	private final long restateNanos;

	private RestartWatch watch;

	private boolean oldProcessGone;

	private StepId lastAnswered;

	private long lastPublishedNanos;

	public InstanceHealth(ProbeTarget target, ProbeSettings settings, Duration restateInterval) {
		this.target = target;
		this.counter = new HealthCounter(settings.rise(), settings.fall());
		this.restateNanos = restateInterval.toNanos();
	}

	/**
	 * Starts waiting for the instance to rise after a restart, or learns that a restart
	 * already watched has ended. While the runtime still restarts the instance, the old
	 * process may answer: a rise counts only once a probe found nothing listening. Once
	 * the runtime is done, what was known before is forgotten unless that happened, so
	 * only probes of the restarted instance count.
	 * @param restart the step to answer
	 * @return true when probes in flight no longer count and the instance should be
	 * probed at once; false when the step is already answered, or known and nothing
	 * changes for its probes (a redelivery, or the end of a restart whose old process was
	 * already seen gone)
	 */
	public boolean watch(RestartWatch restart) {
		if (restart.stepId().equals(this.lastAnswered)) {
			return false;
		}
		boolean known = this.watch != null && restart.stepId().equals(this.watch.stepId());
		if (known && (restart.underway() || !this.watch.underway())) {
			return false;
		}
		this.watch = restart;
		if (known && this.oldProcessGone) {
			return false;
		}
		this.oldProcessGone = !restart.underway();
		if (this.oldProcessGone) {
			this.counter.forget();
		}
		return true;
	}

	/**
	 * Whether a restart is being watched, so probes run at the fast interval.
	 * @return true while a restart step waits for its answer
	 */
	public boolean watching() {
		return this.watch != null;
	}

	/**
	 * Whether the runtime is restarting the instance and its old process has not been
	 * seen gone: what answers now is the old process, so only whether anything still
	 * listens is worth finding out.
	 * @return true until a probe finds nothing listening or the runtime is done
	 */
	public boolean awaitingOldProcessExit() {
		return this.watch != null && this.watch.underway() && !this.oldProcessGone;
	}

	/**
	 * Learns that the old process still listens while the runtime restarts the instance:
	 * nothing to count, but a watch whose time has run out ends, as in
	 * {@link #judge(ProbeOutcome, long)}.
	 * @param nowNanos the current {@link System#nanoTime()}
	 */
	public void oldProcessListens(long nowNanos) {
		endIfNeverDone(nowNanos);
	}

	/**
	 * Ends a watch whose time has run out while the runtime never said it was done:
	 * nobody waits for its answer.
	 * @return whether it ended
	 */
	private boolean endIfNeverDone(long nowNanos) {
		if (this.watch == null || !this.watch.underway() || !this.watch.expired(nowNanos)) {
			return false;
		}
		this.watch = null;
		return true;
	}

	/**
	 * The restart step the next verdicts may answer.
	 * @return the watched step, or {@code null} when no restart is watched
	 */
	public StepId watchedStep() {
		return (this.watch != null) ? this.watch.stepId() : null;
	}

	/**
	 * Counts a probe's outcome and says what to publish.
	 * @param outcome the outcome
	 * @param nowNanos the current {@link System#nanoTime()}
	 * @return the verdict to publish, if any
	 */
	public Optional<VerdictIssued> judge(ProbeOutcome outcome, long nowNanos) {
		boolean changed = this.counter.count(outcome);
		if (this.watch != null) {
			this.oldProcessGone |= outcome.refused();
			if (this.oldProcessGone && this.counter.risen()) {
				return Optional.of(answer(outcome, outcome.reason(), nowNanos));
			}
			if (!endIfNeverDone(nowNanos) && this.watch.expired(nowNanos)) {
				this.counter.giveUp();
				String reason = "not healthy within " + this.watch.timeoutMillis() + " ms"
						+ (outcome.reason().isEmpty() ? "" : ": " + outcome.reason());
				return Optional.of(answer(outcome, reason, nowNanos));
			}
		}
		boolean restate = this.counter.status() != null && nowNanos - this.lastPublishedNanos >= this.restateNanos;
		if (changed || restate) {
			return Optional.of(verdict(outcome, outcome.reason(), null, nowNanos));
		}
		return Optional.empty();
	}

	private VerdictIssued answer(ProbeOutcome outcome, String reason, long nowNanos) {
		StepId step = this.watch.stepId();
		this.lastAnswered = step;
		this.watch = null;
		return verdict(outcome, reason, step, nowNanos);
	}

	private VerdictIssued verdict(ProbeOutcome outcome, String reason, StepId answersStep, long nowNanos) {
		this.lastPublishedNanos = nowNanos;
		return new VerdictIssued(this.target.instanceId(), this.target.service(), this.target.endpoint().host(),
				this.target.endpoint().port(), this.counter.status(), this.counter.version(), reason,
				outcome.latencyMillis(), this.counter.successes(), this.counter.failures(), outcome.probedAt(),
				answersStep);
	}

}
