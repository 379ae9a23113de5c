package dev.baton.loadgen.report;

import java.time.Instant;
import java.util.List;

import dev.baton.loadgen.LoadResult;

/**
 * {@code report.json}: what the Markdown shows, for machines.
 *
 * @param generatedAt when the report was written
 * @param failedRequests failed requests over every scenario
 * @param scenarios one entry per scenario
 */
record ReportDocument(Instant generatedAt, long failedRequests, List<ScenarioReport> scenarios) {

	/**
	 * One scenario.
	 *
	 * @param summary its table row
	 * @param chart the SVG file, relative to the report
	 * @param timeline its steps, in seconds since the load started
	 * @param load the full load result, per-second samples included
	 */
	record ScenarioReport(ScenarioSummary summary, String chart, List<ScenarioResult.OffsetEvent> timeline,
			LoadResult load) {

	}

}
