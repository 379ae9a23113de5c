package dev.baton.demo.chaos;

import java.time.Duration;
import java.time.Instant;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Set;

import tools.jackson.databind.JsonNode;

import dev.baton.cli.Json;

/**
 * What one deploy's steps say: its outcome and reason, the drains no node confirmed, and
 * whether a fault landed inside the phase it was meant for.
 */
final class DeploySteps {

	private final List<JsonNode> steps;

	DeploySteps(List<JsonNode> steps) {
		this.steps = List.copyOf(steps);
	}

	Outcome outcome() {
		return Outcome.of(verdict().path("type").asString(""));
	}

	/**
	 * The failure's or rejection's reason.
	 * @return the reason, empty when there is none
	 */
	String reason() {
		return verdict().path("reason").asString("");
	}

	/**
	 * Instances recorded as drained with no node named: nobody confirmed the drain.
	 * @return the instances, each with its phase when it was a rollback
	 */
	List<String> undrained() {
		return this.steps.stream()
			.filter((step) -> "InstanceDrained".equals(step.path("type").asString()))
			.filter((step) -> step.path("nodes").isEmpty())
			.map((step) -> step.path("instanceId").asString()
					+ ("ROLLBACK".equals(step.path("phase").asString()) ? " (rollback)" : ""))
			.toList();
	}

	/**
	 * Instances the deploy restarted (or began to), in order.
	 * @return the instances, each with its phase when it was a rollback
	 */
	List<String> restarted() {
		return this.steps.stream()
			.filter((step) -> "InstanceRestartStarted".equals(step.path("type").asString()))
			.map((step) -> step.path("instanceId").asString()
					+ ("ROLLBACK".equals(step.path("phase").asString()) ? " (rollback)" : ""))
			.toList();
	}

	/**
	 * Instances the deploy was to replace that it restarted in place, which a surge
	 * deploy never does: its restart steps are its new instances' starts.
	 * @return the instances
	 */
	List<String> restartedInPlace() {
		Set<String> deployed = new LinkedHashSet<>();
		this.steps.stream()
			.filter((step) -> "DeployStarted".equals(step.path("type").asString()))
			.forEach((started) -> started.path("batches")
				.forEach((batch) -> batch.forEach((instance) -> deployed.add(instance.asString()))));
		return restarted().stream()
			.filter((instance) -> deployed.contains(instance.replace(" (rollback)", "")))
			.toList();
	}

	/**
	 * Whether a fault fired before the first instance's phase ended, so it hit the phase
	 * it was meant for.
	 * @param phase the phase
	 * @param fired when the fault fired, null if its trigger never came
	 * @return one line for the table
	 */
	String landed(Phase phase, Instant fired) {
		if (fired == null) {
			return "never fired: the phase never started";
		}
		JsonNode end = this.steps.stream()
			.filter((step) -> phase.endStep().equals(step.path("type").asString())
					&& "ROLLOUT".equals(step.path("phase").asString("ROLLOUT")))
			.findFirst()
			.orElse(null);
		if (end == null) {
			return "in phase (" + phase.endStep() + " never came)";
		}
		long millis = Duration.between(fired, Instant.parse(end.path("at").asString())).toMillis();
		return (millis >= 0) ? "in phase, " + millis + " ms before " + phase.endStep()
				: "late: " + phase.endStep() + " came " + (-millis) + " ms before";
	}

	private JsonNode verdict() {
		return this.steps.stream()
			.filter((step) -> DeployWatch.VERDICTS.contains(step.path("type").asString()))
			.reduce((first, second) -> second)
			.orElse(Json.mapper().missingNode());
	}

	/**
	 * The deploys that started and have no verdict yet.
	 * @param steps every step on record since some time
	 * @return their ids
	 */
	static Set<String> unfinished(List<JsonNode> steps) {
		Set<String> running = new LinkedHashSet<>();
		for (JsonNode step : steps) {
			String type = step.path("type").asString("");
			if ("DeployStarted".equals(type)) {
				running.add(step.path("deployId").asString());
			}
			else if (DeployWatch.VERDICTS.contains(type)) {
				running.remove(step.path("deployId").asString());
			}
		}
		return running;
	}

}
