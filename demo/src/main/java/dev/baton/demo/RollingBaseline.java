package dev.baton.demo;

import java.time.Duration;

/**
 * The rolling deploy's time in this run, against which the surge deploy is measured on
 * the same machine under the same load.
 */
final class RollingBaseline {

	private volatile Duration rolling;

	void record(Duration took) {
		if (this.rolling == null) {
			this.rolling = took;
		}
	}

	String compare(Duration surge, double target) {
		if (this.rolling == null) {
			return String.format("surge deploy took %.1f s; no rolling deploy in this run to compare with",
					surge.toMillis() / 1000.0);
		}
		double ratio = (double) surge.toMillis() / this.rolling.toMillis();
		return String.format("surge deploy took %.1f s, the rolling deploy %.1f s: %.2f× (target ≤ %.1f×: %s)",
				surge.toMillis() / 1000.0, this.rolling.toMillis() / 1000.0, ratio, target,
				(ratio <= target) ? "met" : "MISSED");
	}

}
