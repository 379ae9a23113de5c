package dev.baton.demo;

import java.time.Duration;
import java.util.List;
import java.util.Locale;

/**
 * The rolling deploy's time in this run, against which the surge deploy is measured on
 * the same machine under the same load.
 */
final class RollingBaseline {

	private volatile Duration rolling;

	private volatile List<Double> rollingStartups = List.of();

	/**
	 * Keeps the first rolling deploy of the run.
	 * @param took how long it took
	 * @param startups its instances' start-ups (the JVMs' own figures), in seconds
	 */
	void record(Duration took, List<Double> startups) {
		if (this.rolling == null) {
			this.rolling = took;
			this.rollingStartups = List.copyOf(startups);
		}
	}

	/**
	 * A surge deploy against the rolling one, with where the time of each went: the
	 * instances' start-ups (side by side in the surge, one after the other in the rolling
	 * deploy) and the rest, Baton's steps and the old apps' exits.
	 */
	String compare(Duration surge, List<Double> surgeStartups, double target) {
		if (this.rolling == null) {
			return String.format("surge deploy took %.1f s; no rolling deploy in this run to compare with",
					surge.toMillis() / 1000.0);
		}
		double ratio = (double) surge.toMillis() / this.rolling.toMillis();
		double sideBySide = surgeStartups.stream().mapToDouble(Double::doubleValue).max().orElse(0);
		double oneAfterTheOther = this.rollingStartups.stream().mapToDouble(Double::doubleValue).sum();
		return String.format(Locale.ROOT,
				"surge deploy took %.1f s from the request, the rolling deploy %.1f s: %.2f× (target ≤ %.1f×: %s); start-ups (the"
						+ " JVMs' own figure): the surge's side by side %s s, the rolling deploy's one after the other"
						+ " %s s; the rest (Baton's steps, the old apps' exits): surge %.1f s, rolling %.1f s",
				surge.toMillis() / 1000.0, this.rolling.toMillis() / 1000.0, ratio, target,
				(ratio <= target) ? "met" : "MISSED", joined(surgeStartups, " and "),
				joined(this.rollingStartups, " + "), surge.toMillis() / 1000.0 - sideBySide,
				this.rolling.toMillis() / 1000.0 - oneAfterTheOther);
	}

	private static String joined(List<Double> seconds, String separator) {
		return String.join(separator, seconds.stream().map((s) -> String.format(Locale.ROOT, "%.1f", s)).toList());
	}

}
