package dev.baton.deployer.canary;

import java.time.Clock;
import java.time.Duration;
import java.time.Instant;

import dev.baton.deployer.canary.Judgement.CanaryDecision;

/**
 * Watches a canary's figures while it bakes: judged again about as often as the nodes
 * report ({@value #JUDGED_EVERY_MILLIS} ms), so a clear failure rolls back at once, and
 * once more at the bake's end, when the judgement decides.
 */
public final class CanaryWatch {

	static final long JUDGED_EVERY_MILLIS = 1000;

	private final CanaryAnalysis analysis;

	private final Clock clock;

	public CanaryWatch(CanaryAnalysis analysis, Clock clock) {
		this.analysis = analysis;
		this.clock = clock;
	}

	/**
	 * @param window the figures, as the nodes report them
	 * @param end when the bake ends
	 * @param wait how time passes, and whether the deploy was cancelled meanwhile
	 * @return the judgement that decided: promote, roll back, or cancelled
	 */
	public Judgement watch(StatsWindow window, Instant end, BakeWait wait) throws InterruptedException {
		while (true) {
			Instant now = this.clock.instant();
			Judgement judgement = this.analysis.judge(window.canary(), window.baseline(), !now.isBefore(end));
			if (judgement.outcome() != CanaryDecision.WAIT) {
				return judgement;
			}
			Duration left = Duration.between(now, end);
			Duration next = Duration.ofMillis(Math.min(JUDGED_EVERY_MILLIS, Math.max(1, left.toMillis())));
			if (wait.cancelledWithin(next)) {
				return Judgement.cancelled(window.canary(), window.baseline());
			}
		}
	}

}
