package dev.baton.demo;

import java.util.List;
import java.util.Locale;
import java.util.Optional;

import dev.baton.loadgen.report.ScenarioResult;

/**
 * The p99 latency of the same rolling deploy without and with slow start, from one run,
 * each over its whole scenario (the deploy and the steady load around it) and each
 * against the steady load just before it: the instances a surge deploy has just started
 * warm up for a while, and a just restarted nginx-control takes the cores for seconds, so
 * one steady figure for both would measure what came before as much as slow start. The
 * target is with slow start: at most 1.5 times the steady p99. Beside it, where each
 * deploy's slow seconds fell ({@link DeployTail}).
 */
final class SlowStartComparison {

	static final double TARGET = 1.5;

	private final Comparison plain;

	private final Comparison slowStart;

	/**
	 * @param plain the deploy without slow start and the steady load before it
	 * @param slowStart the same deploy with slow start and the steady load before it
	 */
	SlowStartComparison(Comparison plain, Comparison slowStart) {
		this.plain = plain;
		this.slowStart = slowStart;
	}

	/**
	 * @param results the run's scenarios
	 * @return the comparison's line, or empty when one of its scenarios did not run
	 */
	Optional<String> line(List<ScenarioResult> results) {
		Optional<Figures> plainRun = this.plain.in(results);
		Optional<Figures> slowRun = this.slowStart.in(results);
		if (plainRun.isEmpty() || slowRun.isEmpty()) {
			return Optional.empty();
		}
		Figures without = plainRun.get();
		Figures with = slowRun.get();
		return Optional.of(String.format(Locale.ROOT,
				"p99 during a rolling deploy: without slow start %s; with slow start %s; target with slow start"
						+ " ≤ %.1f× steady: %s. Each second's p99 by where it fell, the worst and how many over the"
						+ " target: without slow start %s; with slow start %s",
				without.describe(), with.describe(), TARGET, (with.ratio() <= TARGET) ? "met" : "MISSED",
				DeployTail.of(without.deploy()).describe(TARGET * without.steady()),
				DeployTail.of(with.deploy()).describe(TARGET * with.steady())));
	}

	private static double p99(ScenarioResult result) {
		return result.load().latency().p99();
	}

	/**
	 * A deploy scenario and the steady load scenario before it, by name.
	 *
	 * @param steady the steady load's scenario
	 * @param deploy the deploy's scenario
	 */
	record Comparison(String steady, String deploy) {

		Optional<Figures> in(List<ScenarioResult> results) {
			Optional<ScenarioResult> steadyRun = find(results, this.steady);
			Optional<ScenarioResult> deployRun = find(results, this.deploy);
			if (steadyRun.isEmpty() || deployRun.isEmpty() || p99(steadyRun.get()) <= 0) {
				return Optional.empty();
			}
			return Optional.of(new Figures(p99(steadyRun.get()), deployRun.get()));
		}

		private static Optional<ScenarioResult> find(List<ScenarioResult> results, String name) {
			return results.stream().filter((result) -> result.name().equals(name)).findFirst();
		}

	}

	/**
	 * A deploy's p99 against the steady p99 before it.
	 *
	 * @param steady the steady load's p99, in ms
	 * @param deploy the deploy's scenario
	 */
	record Figures(double steady, ScenarioResult deploy) {

		double ratio() {
			return p99(this.deploy) / this.steady;
		}

		String describe() {
			return String.format(Locale.ROOT, "%.1f ms (%.2f× the steady %.1f ms before it)", p99(this.deploy), ratio(),
					this.steady);
		}

	}

}
