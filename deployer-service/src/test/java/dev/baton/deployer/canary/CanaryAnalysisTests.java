package dev.baton.deployer.canary;

import java.time.Duration;

import org.junit.jupiter.api.Test;

import dev.baton.contracts.nginx.Figures;
import dev.baton.deployer.canary.Judgement.CanaryDecision;

import static org.assertj.core.api.Assertions.assertThat;

class CanaryAnalysisTests {

	/** Bucket 2: 10-25 ms. */
	private static final int FAST = 2;

	/** Bucket 6: 250-500 ms. */
	private static final int SLOW = 6;

	private final CanaryAnalysis analysis = new CanaryAnalysis(CanaryThresholds.DEFAULTS);

	@Test
	void aCanaryFailingFivePercentOfItsRequestsWhereTheOldVersionFailsNoneIsRolledBackWithItsFigures() {
		Judgement judgement = this.analysis.judge(Tallies.figures(1000, 50, FAST), Tallies.figures(9000, 0, FAST),
				false);

		assertThat(judgement.outcome()).isEqualTo(CanaryDecision.ROLL_BACK);
		assertThat(judgement.reason()).isEqualTo("the canary failed 5.0% (50 of 1000 requests) against 0.0%"
				+ " (0 of 9000 requests) on the old version: 5.0 points more, above the 1.0 allowed");
	}

	@Test
	void aCanaryAsCleanAsTheOldVersionWaitsForTheEndOfItsBakeThenIsPromoted() {
		Figures canary = Tallies.figures(1000, 1, FAST);
		Figures baseline = Tallies.figures(9000, 9, FAST);

		assertThat(this.analysis.judge(canary, baseline, false).outcome()).isEqualTo(CanaryDecision.WAIT);
		Judgement judgement = this.analysis.judge(canary, baseline, true);
		assertThat(judgement.outcome()).isEqualTo(CanaryDecision.PROMOTE);
		assertThat(judgement.reason()).startsWith("the canary failed 0.1% (1 of 1000 requests) with a p99 of 25 ms");
	}

	@Test
	void errorsTheOldVersionHasTooAreNotHeldAgainstTheCanary() {
		Judgement judgement = this.analysis.judge(Tallies.figures(1000, 50, FAST), Tallies.figures(9000, 420, FAST),
				true);

		assertThat(judgement.outcome()).isEqualTo(CanaryDecision.PROMOTE);
	}

	@Test
	void aCanaryWhoseP99IsTenTimesTheOldVersionsIsRolledBack() {
		Judgement judgement = this.analysis.judge(Tallies.figures(1000, 0, SLOW), Tallies.figures(9000, 0, FAST),
				false);

		assertThat(judgement.outcome()).isEqualTo(CanaryDecision.ROLL_BACK);
		assertThat(judgement.reason()).startsWith("the canary's p99 latency is 498 ms against 25 ms on the old version")
			.endsWith("above the 1.5 allowed");
	}

	@Test
	void latenciesUnderTheFloorAreNoRegression() {
		// 4 ms against 2 ms is twice as slow, but both are under the 25 ms floor
		Judgement judgement = this.analysis.judge(Tallies.figures(1000, 0, 0), Tallies.figures(9000, 0, 0), true);

		assertThat(judgement.outcome()).isEqualTo(CanaryDecision.PROMOTE);
	}

	@Test
	void theP99IsOnlyComparedOnceTheOldVersionHadEnoughRequestsToo() {
		Judgement judgement = this.analysis.judge(Tallies.figures(1000, 0, SLOW), Tallies.figures(20, 0, FAST), true);

		assertThat(judgement.outcome()).isEqualTo(CanaryDecision.PROMOTE);
	}

	@Test
	void tooFewRequestsWaitUntilTheEndOfTheBakeAndAreThenRolledBack() {
		Figures canary = Tallies.figures(40, 10, FAST);

		Judgement during = this.analysis.judge(canary, Tallies.figures(9000, 0, FAST), false);
		Judgement atTheEnd = this.analysis.judge(canary, Tallies.figures(9000, 0, FAST), true);

		assertThat(during.outcome()).isEqualTo(CanaryDecision.WAIT);
		assertThat(during.reason()).isEqualTo("the canary had 40 of the 100 requests needed to judge it");
		assertThat(atTheEnd.outcome()).isEqualTo(CanaryDecision.ROLL_BACK);
		assertThat(atTheEnd.reason())
			.isEqualTo("the canary had only 40 requests by the end of its bake, fewer than the 100 needed to judge it");
	}

	@Test
	void tooFewRequestsArePromotedAtTheEndOfTheBakeWhereTheServiceSaysSo() {
		CanaryAnalysis lenient = new CanaryAnalysis(new CanaryThresholds(1.0, 1.5, Duration.ofMillis(25), 100, true));

		Judgement judgement = lenient.judge(Tallies.figures(40, 0, FAST), Tallies.figures(9000, 0, FAST), true);

		assertThat(judgement.outcome()).isEqualTo(CanaryDecision.PROMOTE);
		assertThat(judgement.reason()).endsWith("promoted as configured (canary.promote-below-min-requests)");
	}

}
