package dev.baton.health.fleet;

import dev.baton.health.probe.ProbeOutcome;
import dev.baton.health.probe.ProbeTarget;

/**
 * Told about every probe, for metrics and benchmarks.
 */
@FunctionalInterface
public interface ProbeObserver {

	/**
	 * A probe completed.
	 * @param target what was probed
	 * @param latenessNanos how much later than scheduled the probe started
	 * @param outcome how it went
	 */
	void probed(ProbeTarget target, long latenessNanos, ProbeOutcome outcome);

}
