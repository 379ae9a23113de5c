package dev.baton.health.fleet;

import java.time.Instant;
import java.util.Optional;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.ScheduledFuture;

import dev.baton.contracts.StepId;
import dev.baton.contracts.health.VerdictIssued;
import dev.baton.health.probe.HttpProber;
import dev.baton.health.probe.ProbeOutcome;
import dev.baton.health.probe.ProbeSettings;
import dev.baton.health.probe.ProbeTarget;
import dev.baton.health.verdict.InstanceHealth;
import dev.baton.health.verdict.RestartWatch;
import dev.baton.health.verdict.StepLogContext;
import dev.baton.logging.LogContext;

/**
 * One probed instance's schedule: at most one probe in flight, the next one due an
 * interval (or the fast interval) after the previous one was due, and never more than one
 * pending. Outcomes arrive on the HTTP client's threads; state changes are serialized on
 * this object. While a restart step is watched, an outcome is handled with the instance
 * and the step in the logging context.
 */
final class MonitoredInstance {

	private final ProbeTarget target;

	private final ProbeSettings settings;

	private final InstanceHealth health;

	private final ProbeLoop loop;

	private long dueNanos;

	private ScheduledFuture<?> next;

	private boolean inFlight;

	private boolean discardInFlight;

	private boolean probedOnce;

	private boolean lastRefused;

	private boolean stopped;

	MonitoredInstance(ProbeTarget target, ProbeSettings settings, InstanceHealth health, ProbeLoop loop) {
		this.target = target;
		this.settings = settings;
		this.health = health;
		this.loop = loop;
	}

	ProbeTarget target() {
		return this.target;
	}

	synchronized void start(long delayNanos) {
		this.dueNanos = System.nanoTime() + delayNanos;
		this.next = this.loop.schedule(this::probe, delayNanos);
	}

	/**
	 * Switches to fast probing until the restart is answered and probes at once. A probe
	 * already in flight started before the restart was known, so its outcome does not
	 * count.
	 * @param restart the restart step to answer
	 */
	synchronized void watch(RestartWatch restart) {
		if (this.stopped || !this.health.watch(restart)) {
			return;
		}
		if (this.inFlight) {
			this.discardInFlight = true;
			return;
		}
		this.next.cancel(false);
		this.dueNanos = System.nanoTime();
		this.next = this.loop.schedule(this::probe, 0);
	}

	synchronized void stop() {
		this.stopped = true;
		if (this.next != null) {
			this.next.cancel(false);
		}
	}

	/**
	 * Sends the probe that is due. While a restart is underway and the old process still
	 * listens, the probe only connects: a request would reach the old process, which
	 * would then have one more to finish before it stops, and its answer would not count.
	 */
	private void probe() {
		long due;
		boolean afterRefusal;
		boolean oldProcessMayListen;
		synchronized (this) {
			if (this.stopped || this.inFlight) {
				return;
			}
			this.inFlight = true;
			due = this.dueNanos;
			afterRefusal = this.lastRefused;
			oldProcessMayListen = this.health.awaitingOldProcessExit();
		}
		long started = System.nanoTime();
		HttpProber prober = this.loop.prober();
		CompletableFuture<Optional<ProbeOutcome>> probing = oldProcessMayListen
				? prober.refusal(this.target, this.settings)
				: (afterRefusal ? prober.probeAfterRefusal(this.target, this.settings)
						: prober.probe(this.target, this.settings))
					.thenApply(Optional::of);
		probing
			.exceptionally((failure) -> Optional.of(ProbeOutcome.failure("probe error: " + failure, 0, Instant.now())))
			.thenAccept((outcome) -> completed(outcome, due, started - due));
	}

	private long nextIntervalNanos() {
		if (this.health.watching()) {
			return this.settings.fastInterval().toNanos();
		}
		if (!this.probedOnce) {
			this.probedOnce = true;
			return ProbeLoop.spreadNanos(this.settings);
		}
		return this.settings.interval().toNanos();
	}

	/**
	 * Whether the probe that just ended started before the restart now watched was known:
	 * its outcome does not count, and the next probe goes at once.
	 */
	private boolean discarded(long now) {
		if (!this.discardInFlight) {
			return false;
		}
		this.discardInFlight = false;
		this.dueNanos = now;
		this.next = this.loop.schedule(this::probe, 0);
		return true;
	}

	private void scheduleNext(long due, long now) {
		this.dueNanos = Math.max(due + nextIntervalNanos(), now);
		this.next = this.loop.schedule(this::probe, this.dueNanos - now);
	}

	/**
	 * Handles a probe's outcome, or the news that the old process still listens (empty):
	 * then there is nothing to judge, and the next check follows.
	 */
	private void completed(Optional<ProbeOutcome> outcome, long due, long latenessNanos) {
		VerdictIssued verdict = null;
		StepId answering;
		synchronized (this) {
			if (this.stopped) {
				return;
			}
			this.inFlight = false;
			this.lastRefused = outcome.map(ProbeOutcome::refused).orElse(false);
			long now = System.nanoTime();
			if (discarded(now)) {
				return;
			}
			answering = this.health.watchedStep();
			try {
				if (outcome.isPresent()) {
					verdict = this.health.judge(outcome.get(), now).orElse(null);
				}
				else {
					this.health.oldProcessListens(now);
				}
			}
			finally {
				scheduleNext(due, now);
			}
		}
		if (outcome.isPresent()) {
			try (LogContext context = StepLogContext.answering(this.target.instanceId(), answering)) {
				this.loop.completed(this.target, latenessNanos, outcome.get(), verdict);
			}
		}
	}

}
