package dev.baton.loadgen.report;

import dev.baton.loadgen.LoadResult;

/**
 * The row a scenario gets in the report's table.
 *
 * @param name the scenario
 * @param requests requests sent
 * @param failedGet GETs that failed
 * @param failedPost POSTs that failed
 * @param p50Millis median latency
 * @param p99Millis 99th percentile latency
 * @param maxMillis slowest answer
 * @param durationSeconds how long the scenario's action took; null when unknown
 * @param rollbackSeconds time to roll back; null when there was no rollback
 */
public record ScenarioSummary(String name, long requests, long failedGet, long failedPost, double p50Millis,
		double p99Millis, double maxMillis, Double durationSeconds, Double rollbackSeconds) {

	public static ScenarioSummary of(ScenarioResult scenario) {
		LoadResult load = scenario.load();
		return new ScenarioSummary(scenario.name(), load.requests(), load.get().failed(), load.post().failed(),
				load.latency().p50(), load.latency().p99(), load.latency().max(),
				(scenario.duration() != null) ? scenario.duration().toMillis() / 1000.0 : null,
				(scenario.timeToRollBack() != null) ? scenario.timeToRollBack().toMillis() / 1000.0 : null);
	}

	public long failed() {
		return this.failedGet + this.failedPost;
	}

}
