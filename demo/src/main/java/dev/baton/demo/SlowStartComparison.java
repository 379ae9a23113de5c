package dev.baton.demo;

import java.util.List;
import java.util.Locale;
import java.util.Optional;

import dev.baton.loadgen.report.ScenarioResult;

/**
 * The p99 latency of the same rolling deploy without and with slow start, each against
 * the steady load's, from one run: each over its whole scenario (the deploy and the
 * steady load around it). The target is with slow start: at most 1.5 times the steady
 * p99. Beside it, where each deploy's slow seconds fell ({@link DeployTail}).
 */
final class SlowStartComparison {

	static final double TARGET = 1.5;

	private final String steady;

	private final String plain;

	private final String slowStart;

	/**
	 * @param steady the steady load's scenario
	 * @param plain the deploy without slow start
	 * @param slowStart the same deploy with slow start
	 */
	SlowStartComparison(String steady, String plain, String slowStart) {
		this.steady = steady;
		this.plain = plain;
		this.slowStart = slowStart;
	}

	/**
	 * @param results the run's scenarios
	 * @return the comparison's line, or empty when one of its scenarios did not run
	 */
	Optional<String> line(List<ScenarioResult> results) {
		Optional<ScenarioResult> steadyRun = find(results, this.steady);
		Optional<ScenarioResult> plainRun = find(results, this.plain);
		Optional<ScenarioResult> slowRun = find(results, this.slowStart);
		if (steadyRun.isEmpty() || plainRun.isEmpty() || slowRun.isEmpty() || p99(steadyRun.get()) <= 0) {
			return Optional.empty();
		}
		double base = p99(steadyRun.get());
		double plainP99 = p99(plainRun.get());
		double slowP99 = p99(slowRun.get());
		double slowRatio = slowP99 / base;
		return Optional.of(String.format(Locale.ROOT,
				"p99 during a rolling deploy: without slow start %.1f ms (%.2f× steady), with slow start %.1f ms"
						+ " (%.2f× steady); steady %.1f ms; target with slow start ≤ %.1f× steady: %s."
						+ " Each second's p99 by where it fell, the worst and how many over the target:"
						+ " without slow start %s; with slow start %s",
				plainP99, plainP99 / base, slowP99, slowRatio, base, TARGET, (slowRatio <= TARGET) ? "met" : "MISSED",
				DeployTail.of(plainRun.get()).describe(TARGET * base),
				DeployTail.of(slowRun.get()).describe(TARGET * base)));
	}

	private static Optional<ScenarioResult> find(List<ScenarioResult> results, String name) {
		return results.stream().filter((result) -> result.name().equals(name)).findFirst();
	}

	private static double p99(ScenarioResult result) {
		return result.load().latency().p99();
	}

}
