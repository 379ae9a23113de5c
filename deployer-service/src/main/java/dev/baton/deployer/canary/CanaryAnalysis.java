package dev.baton.deployer.canary;

import java.util.Locale;

import dev.baton.contracts.nginx.Figures;
import dev.baton.deployer.canary.Judgement.CanaryDecision;

/**
 * Compares a canary's figures with the old version's over the same bake. Before the
 * canary has had {@code minRequests} there is nothing to judge: the bake goes on, and at
 * its end the canary is promoted only if the service says so
 * ({@code promoteBelowMinRequests}), else rolled back. Past that, a canary fails as soon
 * as its error rate exceeds the old version's by more than {@code maxAddedErrorPercent}
 * points, or its p99 latency (both floored at {@code p99Floor}) is more than
 * {@code maxP99Ratio} times the old version's, which is only compared once the old
 * version had {@code minRequests} too; a canary that does neither by the end of its bake
 * is promoted. Plain comparisons of the observed figures, no significance test: a
 * {@code minRequests} in the hundreds keeps chance out of it.
 */
public final class CanaryAnalysis {

	private final CanaryThresholds thresholds;

	public CanaryAnalysis(CanaryThresholds thresholds) {
		this.thresholds = thresholds;
	}

	/**
	 * @param canary the canary's figures so far
	 * @param baseline the old version's figures over the same time
	 * @param bakeOver whether the bake has ended: then the judgement decides
	 * @return the judgement
	 */
	public Judgement judge(Figures canary, Figures baseline, boolean bakeOver) {
		if (canary.attempts() < this.thresholds.minRequests()) {
			if (!bakeOver) {
				return judgement(CanaryDecision.WAIT, "the canary had " + canary.attempts() + " of the "
						+ this.thresholds.minRequests() + " requests needed to judge it", canary, baseline);
			}
			String few = "the canary had only " + canary.attempts()
					+ " requests by the end of its bake, fewer than the " + this.thresholds.minRequests()
					+ " needed to judge it";
			return this.thresholds.promoteBelowMinRequests()
					? judgement(CanaryDecision.PROMOTE,
							few + "; promoted as configured (canary.promote-below-min-requests)", canary, baseline)
					: judgement(CanaryDecision.ROLL_BACK, few, canary, baseline);
		}
		double added = canary.errorPercent() - baseline.errorPercent();
		if (added > this.thresholds.maxAddedErrorPercent()) {
			return judgement(CanaryDecision.ROLL_BACK,
					"the canary failed " + errors(canary) + " against " + errors(baseline) + " on the old version: "
							+ percent(added) + " points more, above the "
							+ percent(this.thresholds.maxAddedErrorPercent()) + " allowed",
					canary, baseline);
		}
		if (baseline.attempts() >= this.thresholds.minRequests()) {
			double floor = this.thresholds.p99Floor().toMillis();
			double canaryP99 = Math.max(floor, canary.p99Millis());
			double baselineP99 = Math.max(floor, baseline.p99Millis());
			if (canaryP99 > baselineP99 * this.thresholds.maxP99Ratio()) {
				return judgement(CanaryDecision.ROLL_BACK,
						"the canary's p99 latency is " + millis(canary.p99Millis()) + " against "
								+ millis(baseline.p99Millis()) + " on the old version: "
								+ String.format(Locale.ROOT, "%.1f", canaryP99 / baselineP99) + " times, above the "
								+ this.thresholds.maxP99Ratio() + " allowed",
						canary, baseline);
			}
		}
		return judgement(bakeOver ? CanaryDecision.PROMOTE : CanaryDecision.WAIT,
				"the canary failed " + errors(canary) + " with a p99 of " + millis(canary.p99Millis())
						+ ", the old version " + errors(baseline) + " with a p99 of " + millis(baseline.p99Millis()),
				canary, baseline);
	}

	private static Judgement judgement(CanaryDecision outcome, String reason, Figures canary, Figures baseline) {
		return new Judgement(outcome, reason, canary, baseline);
	}

	private static String errors(Figures figures) {
		return percent(figures.errorPercent()) + "% (" + figures.failures() + " of " + figures.attempts()
				+ " requests)";
	}

	private static String percent(double value) {
		return String.format(Locale.ROOT, "%.1f", value);
	}

	private static String millis(double value) {
		return Math.round(value) + " ms";
	}

}
