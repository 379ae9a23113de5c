package dev.baton.deployer.canary;

import dev.baton.contracts.nginx.Figures;

/**
 * What the figures of a canary say, and why, in words that carry them.
 *
 * @param outcome what to do
 * @param reason why, with the figures
 * @param canary the canary's figures when judged
 * @param baseline the old version's figures when judged
 */
public record Judgement(CanaryDecision outcome, String reason, Figures canary, Figures baseline) {

	static Judgement cancelled(Figures canary, Figures baseline) {
		return new Judgement(CanaryDecision.CANCELLED, "cancelled", canary, baseline);
	}

	public boolean decided() {
		return this.outcome != CanaryDecision.WAIT;
	}

	/**
	 * What a judgement tells the deploy to do.
	 */
	public enum CanaryDecision {

		/** Not enough figures yet, or nothing wrong before the bake ends. */
		WAIT,

		/** The bake is over and the canary is as good as the old version. */
		PROMOTE,

		/** The canary is worse than the old version, or had too few requests to tell. */
		ROLL_BACK,

		/** The deploy was cancelled during the bake. */
		CANCELLED

	}

}
