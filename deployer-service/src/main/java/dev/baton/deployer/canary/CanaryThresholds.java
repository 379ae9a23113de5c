package dev.baton.deployer.canary;

import java.time.Duration;

/**
 * How a service's canary is judged against the old version over the same bake.
 *
 * @param maxAddedErrorPercent how many more percent of the canary's requests may fail
 * (5xx or not connected) than of the old version's: 1.0 lets 0.2% become 1.2%
 * @param maxP99Ratio how many times the old version's p99 latency the canary's may be
 * @param p99Floor p99 latencies below it count as it, so a canary at 4 ms against 2 ms is
 * not a regression
 * @param minRequests requests the canary must have had before it is judged; the p99 is
 * only compared when the old version had as many
 * @param promoteBelowMinRequests whether a canary that had fewer requests by the end of
 * its bake is promoted (otherwise it is rolled back: nothing showed it works)
 */
public record CanaryThresholds(double maxAddedErrorPercent, double maxP99Ratio, Duration p99Floor, long minRequests,
		boolean promoteBelowMinRequests) {

	/**
	 * One point more errors, half as slow again, 25 ms floor, 100 requests, no promotion
	 * below.
	 */
	public static final CanaryThresholds DEFAULTS = new CanaryThresholds(1.0, 1.5, Duration.ofMillis(25), 100, false);

	public CanaryThresholds {
		if (maxAddedErrorPercent < 0 || maxAddedErrorPercent > 100) {
			throw new IllegalArgumentException("max-added-error-percent must be 0-100, got " + maxAddedErrorPercent);
		}
		if (maxP99Ratio < 1) {
			throw new IllegalArgumentException("max-p99-ratio must be 1 or more, got " + maxP99Ratio);
		}
		if (p99Floor == null || p99Floor.isNegative()) {
			throw new IllegalArgumentException("p99-floor must not be negative, got " + p99Floor);
		}
		if (minRequests < 1) {
			throw new IllegalArgumentException("min-requests must be at least 1, got " + minRequests);
		}
	}

}
