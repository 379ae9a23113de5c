package dev.baton.loadgen.report;

import java.io.ByteArrayInputStream;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.time.Instant;
import java.util.List;
import java.util.Map;

import javax.xml.parsers.DocumentBuilderFactory;

import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.w3c.dom.Document;
import org.w3c.dom.Element;
import org.w3c.dom.NodeList;
import tools.jackson.databind.JsonNode;

import dev.baton.loadgen.LoadResult;
import dev.baton.loadgen.LoadResult.Latency;
import dev.baton.loadgen.LoadResult.MethodTotals;
import dev.baton.loadgen.LoadResult.SecondSample;
import dev.baton.loadgen.LoadResults;

import static org.assertj.core.api.Assertions.assertThat;

class ReportRendererTests {

	private static final Instant START = Instant.parse("2026-11-29T10:00:00Z");

	@TempDir
	Path directory;

	@Test
	void writesATablePerScenarioWithItsStepTimeline() throws Exception {
		ReportRenderer.RenderedReport report = ReportRenderer.render(List.of(deploy(), brokenRelease()),
				this.directory);

		String markdown = Files.readString(report.markdown());
		assertThat(markdown).contains("# Baton demo report")
			.contains(
					"| scenario | requests | failed GET | failed POST | p50 | p99 | max | duration | time to roll back |")
			.contains("| rolling deploy v1 -> v2 | 900 | 0 | 0 | 21.5 ms | 48.0 ms | 95.0 ms | 4.20 s | — |")
			.contains("## broken release v3")
			.contains("| 900 | 2 | 1 | 21.5 ms | 48.0 ms | 95.0 ms | 7.00 s | 5.50 s |")
			.contains("GET HTTP 503 × 2; POST refused × 1")
			.contains("| +1.500 | InstanceDrained sample-1 |")
			.contains("| +2.250 | InstanceEnabled sample-1 \\| v2 |")
			.contains("![rolling deploy v1 -> v2](rolling-deploy-v1-v2.svg)")
			.contains("| +1.000 | InstanceRestarted &lt;sample-1> & \"v3\" |");
		assertThat(markdown.indexOf("+1.500")).isLessThan(markdown.indexOf("+2.250"));
	}

	@Test
	void drawsAValidSvgWithEveryStepMarkedAndLabelled() throws Exception {
		ReportRenderer.RenderedReport report = ReportRenderer.render(List.of(brokenRelease()), this.directory);

		assertThat(report.charts()).singleElement()
			.satisfies((chart) -> assertThat(chart).hasFileName("broken-release-v3.svg"));
		Document svg = parse(Files.readString(report.charts().get(0)));
		assertThat(svg.getDocumentElement().getTagName()).isEqualTo("svg");
		assertThat(elements(svg, "line", "step")).isEqualTo(2);
		assertThat(elements(svg, "rect", "errors")).isEqualTo(1);
		assertThat(elements(svg, "polyline", "requests")).isEqualTo(1);
		assertThat(elements(svg, "polyline", "p99")).isEqualTo(1);
		assertThat(svg.getDocumentElement().getTextContent()).contains("InstanceRestarted <sample-1> & \"v3\"")
			.contains("DeployFailed");
	}

	@Test
	void writesJsonWithSummaryTimelineAndLoad() throws Exception {
		ReportRenderer.RenderedReport report = ReportRenderer.render(List.of(deploy(), brokenRelease()),
				this.directory);

		JsonNode json = LoadResults.json().readTree(Files.readString(report.json()));
		assertThat(json.get("failedRequests").asLong()).isEqualTo(3);
		JsonNode broken = json.get("scenarios").get(1);
		assertThat(broken.get("summary").get("failedGet").asLong()).isEqualTo(2);
		assertThat(broken.get("summary").get("rollbackSeconds").asDouble()).isEqualTo(5.5);
		assertThat(broken.get("chart").asString()).isEqualTo("broken-release-v3.svg");
		assertThat(broken.get("timeline").get(0).get("seconds").asDouble()).isEqualTo(1.0);
		assertThat(broken.get("load").get("perSecond")).hasSize(3);
	}

	@Test
	void commandLineReadsScenarioFilesWithLoadResultsBesideThem() throws Exception {
		LoadResults.write(deploy().load(), this.directory.resolve("deploy-load.json"));
		Files.writeString(this.directory.resolve("scenarios.json"),
				"[{\"name\":\"rolling deploy\",\"load\":\"deploy-load.json\",\"durationSeconds\":3.5,"
						+ "\"rollbackSeconds\":null,\"timeline\":[{\"time\":\"2026-11-29T10:00:01Z\","
						+ "\"label\":\"DeployStarted\"}]}]",
				StandardCharsets.UTF_8);

		ReportRenderer.main(new String[] { "--scenarios", this.directory.resolve("scenarios.json").toString(), "--out",
				this.directory.resolve("report").toString() });

		assertThat(this.directory.resolve("report/report.md")).content().contains("| +1.000 | DeployStarted |");
		assertThat(this.directory.resolve("report/rolling-deploy.svg")).exists();
		assertThat(this.directory.resolve("report/report.json")).exists();
	}

	private static ScenarioResult deploy() {
		return new ScenarioResult("rolling deploy v1 -> v2",
				load(totals(600, Map.of(), Map.of()), totals(300, Map.of(), Map.of()),
						List.of(second(0, 0), second(1, 0), second(2, 0))),
				List.of(step(2250, "InstanceEnabled sample-1 | v2"), step(1500, "InstanceDrained sample-1")),
				Duration.ofMillis(4200), null);
	}

	private static ScenarioResult brokenRelease() {
		return new ScenarioResult("broken release v3",
				load(totals(600, Map.of("503", 2L), Map.of()), totals(300, Map.of(), Map.of("refused", 1L)),
						List.of(second(0, 0), second(1, 3), second(2, 0))),
				List.of(step(1000, "InstanceRestarted <sample-1> & \"v3\""), step(2600, "DeployFailed")),
				Duration.ofSeconds(7), Duration.ofMillis(5500));
	}

	private static LoadResult load(MethodTotals get, MethodTotals post, List<SecondSample> perSecond) {
		return new LoadResult("http://127.0.0.1:8080", 300, "2:1", START, 3.0, get.requests() + post.requests(),
				get.succeeded() + post.succeeded(), get.failed() + post.failed(), get, post,
				new Latency(21.5, 30, 48, 80, 95, 22.1), perSecond);
	}

	private static MethodTotals totals(long requests, Map<String, Long> statuses, Map<String, Long> errors) {
		long failed = statuses.values().stream().mapToLong(Long::longValue).sum()
				+ errors.values().stream().mapToLong(Long::longValue).sum();
		return new MethodTotals(requests, requests - failed, failed, statuses, errors);
	}

	private static SecondSample second(int second, long errors) {
		return new SecondSample(second, 300, errors, 21, 45 + second, 60);
	}

	private static TimelineEvent step(long millis, String label) {
		return new TimelineEvent(START.plusMillis(millis), label);
	}

	private static Document parse(String svg) throws Exception {
		return DocumentBuilderFactory.newInstance()
			.newDocumentBuilder()
			.parse(new ByteArrayInputStream(svg.getBytes(StandardCharsets.UTF_8)));
	}

	private static int elements(Document svg, String tag, String className) {
		NodeList nodes = svg.getElementsByTagName(tag);
		int count = 0;
		for (int i = 0; i < nodes.getLength(); i++) {
			if (className.equals(((Element) nodes.item(i)).getAttribute("class"))) {
				count++;
			}
		}
		return count;
	}

}
