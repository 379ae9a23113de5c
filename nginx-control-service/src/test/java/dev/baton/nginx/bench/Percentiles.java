package dev.baton.nginx.bench;

import java.util.List;

/**
 * Nearest-rank percentiles of a list of measurements.
 */
final class Percentiles {

	private Percentiles() {
	}

	static double of(List<Double> values, double percentile) {
		List<Double> sorted = values.stream().sorted().toList();
		int rank = (int) Math.ceil(percentile / 100 * sorted.size());
		return sorted.get(Math.max(0, Math.min(sorted.size() - 1, rank - 1)));
	}

}
