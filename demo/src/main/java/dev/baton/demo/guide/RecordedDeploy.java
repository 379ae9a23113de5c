package dev.baton.demo.guide;

import java.time.Duration;
import java.time.Instant;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;

import tools.jackson.databind.JsonNode;

import dev.baton.cli.Json;
import dev.baton.demo.DemoOptions;
import dev.baton.demo.Timeline;

/**
 * One deploy as {@code deploy.steps} records it, whoever asked for it: its version, its
 * outcome and where its time went.
 *
 * @param steps its steps, in the order they were published
 */
record RecordedDeploy(List<JsonNode> steps) {

	/**
	 * The stack's service's deploys since a moment, whoever asked for them.
	 * @param options the stack, naming the service
	 * @param since when to read from
	 * @return the deploys, in the order they started
	 */
	static List<RecordedDeploy> since(DemoOptions options, Instant since) {
		Timeline timeline = new Timeline();
		timeline.addServiceSteps(options, since);
		return of(timeline.steps());
	}

	/**
	 * The deploys among steps, in the order they started.
	 * @param steps steps of any deploys
	 * @return one per deploy id
	 */
	static List<RecordedDeploy> of(List<JsonNode> steps) {
		Map<String, List<JsonNode>> byDeploy = new LinkedHashMap<>();
		steps.forEach((step) -> byDeploy.computeIfAbsent(step.path("deployId").asString(), (id) -> new ArrayList<>())
			.add(step));
		return byDeploy.values().stream().map(RecordedDeploy::new).toList();
	}

	String version() {
		return step("DeployStarted").path("version").asString("");
	}

	boolean succeeded() {
		return !step("DeploySucceeded").isMissingNode();
	}

	/**
	 * Whether it failed and put back on the previous version every instance it touched.
	 * @return true for a {@code DeployFailed} naming the instances rolled back
	 */
	boolean rolledBack() {
		return !step("DeployFailed").path("rolledBack").isEmpty();
	}

	/**
	 * Where its time went, from its start to its last step: for a rolled back deploy, the
	 * rollback's own share (the deployer's figure, from the failure to the last instance
	 * back in rotation).
	 * @return one line
	 */
	String describe() {
		JsonNode failed = step("DeployFailed");
		double took = seconds(between(step("DeployStarted"), succeeded() ? step("DeploySucceeded") : failed));
		if (!rolledBack()) {
			return String.format(Locale.ROOT, "%s %s in %.1f s", version(),
					succeeded() ? "succeeded" : "did not succeed", took);
		}
		return String.format(Locale.ROOT, "%s failed in %.1f s, its rollback of %s %.1f s of them: %s", version(), took,
				failed.path("rolledBack"), seconds(rollback()), failed.path("reason").asString());
	}

	/**
	 * The rollback's own time, when there was one.
	 * @return from the failure to the last instance enabled again, or null
	 */
	Duration rollback() {
		return rolledBack() ? Duration.ofMillis(step("DeployFailed").path("rollbackMillis").asLong()) : null;
	}

	private JsonNode step(String type) {
		return this.steps.stream()
			.filter((step) -> type.equals(step.path("type").asString()))
			.findFirst()
			.orElse(Json.mapper().missingNode());
	}

	private static Duration between(JsonNode first, JsonNode last) {
		return (first.isMissingNode() || last.isMissingNode()) ? Duration.ZERO : Duration
			.between(Instant.parse(first.path("at").asString()), Instant.parse(last.path("at").asString()));
	}

	private static double seconds(Duration duration) {
		return duration.toMillis() / 1000.0;
	}

}
