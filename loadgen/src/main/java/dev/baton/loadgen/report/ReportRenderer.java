package dev.baton.loadgen.report;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Instant;
import java.util.ArrayList;
import java.util.HashSet;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.Set;

import dev.baton.loadgen.LoadResult;
import dev.baton.loadgen.LoadResults;

/**
 * Turns scenario results into the demo's report: {@code report.md}, {@code report.json}
 * and one SVG chart per scenario, in one directory. Used as a library by the demo and as
 * a command line ({@code java -jar loadgen.jar report --scenarios FILE --out DIR}).
 */
public final class ReportRenderer {

	private ReportRenderer() {
	}

	/**
	 * Writes the report.
	 * @param scenarios the scenarios, in the order to show them
	 * @param directory where the files go; created when missing
	 * @return the files written
	 * @throws IOException when a file cannot be written
	 */
	public static RenderedReport render(List<ScenarioResult> scenarios, Path directory) throws IOException {
		Files.createDirectories(directory);
		Map<String, String> charts = new LinkedHashMap<>();
		Set<String> used = new HashSet<>();
		List<Path> chartFiles = new ArrayList<>();
		List<ReportDocument.ScenarioReport> entries = new ArrayList<>();
		for (ScenarioResult scenario : scenarios) {
			String file = uniqueSlug(scenario.name(), used) + ".svg";
			Path chart = directory.resolve(file);
			Files.writeString(chart, SvgChart.render(scenario));
			chartFiles.add(chart);
			charts.put(scenario.name(), file);
			entries.add(new ReportDocument.ScenarioReport(ScenarioSummary.of(scenario), file,
					scenario.stepsFromLoadStart(), scenario.load()));
		}
		Path markdown = directory.resolve("report.md");
		Files.writeString(markdown, MarkdownReport.render(scenarios, charts));
		long failed = scenarios.stream().mapToLong((scenario) -> scenario.load().failed()).sum();
		Path json = directory.resolve("report.json");
		Files.writeString(json,
				LoadResults.json().writeValueAsString(new ReportDocument(Instant.now(), failed, entries)));
		return new RenderedReport(markdown, json, chartFiles);
	}

	public static void main(String[] args) throws IOException {
		Map<String, String> options = new LinkedHashMap<>();
		for (int i = 0; i + 1 < args.length; i += 2) {
			options.put(args[i].replaceFirst("^--", ""), args[i + 1]);
		}
		if (!options.containsKey("scenarios") || !options.containsKey("out") || args.length % 2 != 0) {
			System.err.println("usage: java -jar loadgen.jar report --scenarios scenarios.json --out report-dir");
			System.err.println("  scenarios.json: [{\"name\": \"rolling deploy\", \"load\": \"deploy-load.json\",");
			System.err
				.println("    \"timeline\": [{\"time\": \"2026-01-01T10:00:00Z\", \"label\": \"DeployStarted\"}],");
			System.err.println(
					"    \"durationSeconds\": 4.2, \"rollbackSeconds\": null}]  (load paths relative to the file)");
			System.exit(2);
			return;
		}
		List<ScenarioResult> scenarios = ScenarioFile.read(Path.of(options.get("scenarios")));
		RenderedReport report = render(scenarios, Path.of(options.get("out")));
		for (ScenarioResult scenario : scenarios) {
			LoadResult load = scenario.load();
			System.out.printf(Locale.ROOT, "%-40s %8d requests %6d failed (GET %d, POST %d)%n", scenario.name(),
					load.requests(), load.failed(), load.get().failed(), load.post().failed());
		}
		System.out.println("report: " + report.markdown().toAbsolutePath());
	}

	private static String uniqueSlug(String name, Set<String> used) {
		String base = name.toLowerCase(Locale.ROOT).replaceAll("[^a-z0-9]+", "-").replaceAll("^-|-$", "");
		base = base.isEmpty() ? "scenario" : base.substring(0, Math.min(60, base.length()));
		String slug = base;
		for (int n = 2; !used.add(slug); n++) {
			slug = base + "-" + n;
		}
		return slug;
	}

	/**
	 * The files of a report.
	 *
	 * @param markdown {@code report.md}
	 * @param json {@code report.json}
	 * @param charts one SVG per scenario
	 */
	public record RenderedReport(Path markdown, Path json, List<Path> charts) {

	}

}
