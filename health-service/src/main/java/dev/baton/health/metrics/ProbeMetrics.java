package dev.baton.health.metrics;

import java.util.concurrent.TimeUnit;

import io.micrometer.core.instrument.Counter;
import io.micrometer.core.instrument.MeterRegistry;
import io.micrometer.core.instrument.Timer;

import dev.baton.health.fleet.ProbeObserver;
import dev.baton.health.probe.ProbeOutcome;
import dev.baton.health.probe.ProbeTarget;

/**
 * Records every probe in Micrometer: {@code baton.health.probes} by outcome,
 * {@code baton.health.probe.latency} and {@code baton.health.probe.lateness}, the delay
 * between when a probe was due and when it started, which shows an overloaded prober
 * before verdicts turn late.
 */
public class ProbeMetrics implements ProbeObserver {

	private final Counter successes;

	private final Counter failures;

	private final Timer latency;

	private final Timer lateness;

	public ProbeMetrics(MeterRegistry registry) {
		this.successes = Counter.builder("baton.health.probes").tag("outcome", "success").register(registry);
		this.failures = Counter.builder("baton.health.probes").tag("outcome", "failure").register(registry);
		this.latency = Timer.builder("baton.health.probe.latency").register(registry);
		this.lateness = Timer.builder("baton.health.probe.lateness").publishPercentiles(0.5, 0.99).register(registry);
	}

	@Override
	public void probed(ProbeTarget target, long latenessNanos, ProbeOutcome outcome) {
		(outcome.success() ? this.successes : this.failures).increment();
		this.latency.record(outcome.latencyMillis(), TimeUnit.MILLISECONDS);
		this.lateness.record(Math.max(0, latenessNanos), TimeUnit.NANOSECONDS);
	}

}
