package dev.baton.loadgen.report;

import java.util.List;
import java.util.Locale;
import java.util.Map;

import dev.baton.loadgen.LoadResult;
import dev.baton.loadgen.LoadResult.MethodTotals;

/**
 * Writes the report people read: an overview table, then per scenario its table, what
 * failed and why, its chart and its step timeline.
 */
final class MarkdownReport {

	private static final String HEADER = "| requests | failed GET | failed POST | p50 | p99 | max | duration "
			+ "| time to roll back |\n|---:|---:|---:|---:|---:|---:|---:|---:|\n";

	private static final String OVERVIEW_HEADER = "| scenario | requests | failed GET | failed POST | p50 | p99 | max "
			+ "| duration | time to roll back |\n|---|---:|---:|---:|---:|---:|---:|---:|---:|\n";

	private MarkdownReport() {
	}

	static String render(List<ScenarioResult> scenarios, Map<String, String> charts) {
		StringBuilder md = new StringBuilder("# Baton demo report\n\n");
		md.append(OVERVIEW_HEADER);
		for (ScenarioResult scenario : scenarios) {
			md.append("| ").append(cell(scenario.name())).append(' ').append(row(ScenarioSummary.of(scenario)));
		}
		for (ScenarioResult scenario : scenarios) {
			md.append("\n## ").append(scenario.name()).append("\n\n");
			LoadResult load = scenario.load();
			md.append(String.format(Locale.ROOT, "%s at %.0f requests/s (GET:POST %s) for %.1f s.%n%n", load.target(),
					load.rate(), load.mix(), load.durationSeconds()));
			md.append(HEADER).append(row(ScenarioSummary.of(scenario))).append('\n');
			md.append("Failures: ").append(failures(load)).append("\n\n");
			String chart = charts.get(scenario.name());
			if (chart != null) {
				md.append("![").append(cell(scenario.name())).append("](").append(chart).append(")\n\n");
			}
			md.append(timeline(scenario));
		}
		return md.toString();
	}

	private static String row(ScenarioSummary summary) {
		return String.format(Locale.ROOT, "| %d | %d | %d | %.1f ms | %.1f ms | %.1f ms | %s | %s |%n",
				summary.requests(), summary.failedGet(), summary.failedPost(), summary.p50Millis(), summary.p99Millis(),
				summary.maxMillis(), seconds(summary.durationSeconds()), seconds(summary.rollbackSeconds()));
	}

	private static String seconds(Double value) {
		return (value != null) ? String.format(Locale.ROOT, "%.2f s", value) : "—";
	}

	private static String failures(LoadResult load) {
		String get = causes(load.get());
		String post = causes(load.post());
		if (get.isEmpty() && post.isEmpty()) {
			return "none";
		}
		return "GET " + (get.isEmpty() ? "none" : get) + "; POST " + (post.isEmpty() ? "none" : post);
	}

	private static String causes(MethodTotals totals) {
		StringBuilder text = new StringBuilder();
		totals.statuses()
			.forEach((status, count) -> text.append(text.isEmpty() ? "" : ", ")
				.append("HTTP ")
				.append(status)
				.append(" × ")
				.append(count));
		totals.errors()
			.forEach((cause,
					count) -> text.append(text.isEmpty() ? "" : ", ").append(cause).append(" × ").append(count));
		return text.toString();
	}

	private static String timeline(ScenarioResult scenario) {
		List<ScenarioResult.OffsetEvent> steps = scenario.stepsFromLoadStart();
		if (steps.isEmpty()) {
			return "No steps recorded.\n";
		}
		StringBuilder md = new StringBuilder("| t (s) | step |\n|---:|---|\n");
		for (ScenarioResult.OffsetEvent step : steps) {
			md.append(String.format(Locale.ROOT, "| %+.3f | %s |%n", step.seconds(), cell(step.label())));
		}
		return md.toString();
	}

	/**
	 * Keeps a label from breaking the table or the image link, or from being read as an
	 * HTML tag.
	 */
	private static String cell(String text) {
		return text.replace("|", "\\|").replace("\n", " ").replace("[", "\\[").replace("]", "\\]").replace("<", "&lt;");
	}

}
