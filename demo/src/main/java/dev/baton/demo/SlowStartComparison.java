package dev.baton.demo;

import java.util.List;
import java.util.Locale;
import java.util.Optional;

import dev.baton.loadgen.report.ScenarioResult;

/**
 * The p99 latency of the same rolling deploy without and with slow start, each against
 * the steady load's, from one run: each over its whole scenario (the deploy and the
 * steady load around it). The target is with slow start: at most 1.5 times the steady
 * p99.
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
		Optional<Double> steadyP99 = p99(results, this.steady);
		Optional<Double> plainP99 = p99(results, this.plain);
		Optional<Double> slowP99 = p99(results, this.slowStart);
		if (steadyP99.isEmpty() || plainP99.isEmpty() || slowP99.isEmpty() || steadyP99.get() <= 0) {
			return Optional.empty();
		}
		double base = steadyP99.get();
		double slowRatio = slowP99.get() / base;
		return Optional.of(String.format(Locale.ROOT,
				"p99 during a rolling deploy: without slow start %.1f ms (%.2f× steady), with slow start %.1f ms"
						+ " (%.2f× steady); steady %.1f ms; target with slow start ≤ %.1f× steady: %s",
				plainP99.get(), plainP99.get() / base, slowP99.get(), slowRatio, base, TARGET,
				(slowRatio <= TARGET) ? "met" : "MISSED"));
	}

	private static Optional<Double> p99(List<ScenarioResult> results, String name) {
		return results.stream()
			.filter((result) -> result.name().equals(name))
			.findFirst()
			.map((result) -> result.load().latency().p99());
	}

}
