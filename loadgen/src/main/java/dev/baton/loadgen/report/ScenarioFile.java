package dev.baton.loadgen.report;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.time.Instant;
import java.util.ArrayList;
import java.util.List;

import tools.jackson.databind.JsonNode;

import dev.baton.loadgen.LoadResult;
import dev.baton.loadgen.LoadResults;

/**
 * Reads the report command's input: a JSON array of scenarios, each naming its load
 * result file (relative to the array's file) or embedding it.
 */
final class ScenarioFile {

	private ScenarioFile() {
	}

	static List<ScenarioResult> read(Path file) throws IOException {
		JsonNode root = LoadResults.json().readTree(Files.readString(file));
		if (!root.isArray()) {
			throw new IllegalArgumentException(file + " must hold a JSON array of scenarios");
		}
		Path base = file.toAbsolutePath().getParent();
		List<ScenarioResult> scenarios = new ArrayList<>();
		for (JsonNode node : root) {
			JsonNode load = node.required("load");
			LoadResult result = load.isString() ? LoadResults.read(base.resolve(load.asString()))
					: LoadResults.json().treeToValue(load, LoadResult.class);
			List<TimelineEvent> timeline = new ArrayList<>();
			for (JsonNode event : node.path("timeline")) {
				timeline.add(new TimelineEvent(Instant.parse(event.required("time").asString()),
						event.path("label").asString("")));
			}
			scenarios.add(new ScenarioResult(node.required("name").asString(), result, timeline,
					seconds(node.get("durationSeconds")), seconds(node.get("rollbackSeconds"))));
		}
		return scenarios;
	}

	private static Duration seconds(JsonNode value) {
		return (value == null || value.isNull()) ? null : Duration.ofMillis(Math.round(value.asDouble() * 1000));
	}

}
