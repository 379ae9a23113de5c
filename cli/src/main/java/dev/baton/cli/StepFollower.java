package dev.baton.cli;

import java.io.PrintWriter;
import java.time.Duration;
import java.util.StringJoiner;

import org.apache.kafka.clients.consumer.ConsumerRecord;
import org.apache.kafka.clients.consumer.KafkaConsumer;
import tools.jackson.databind.JsonNode;

import dev.baton.contracts.DeployId;

/**
 * Prints one deploy's steps as they arrive, one line each with the time since the
 * follower started, and turns the verdict into an exit code. A failure that kept
 * instances out of rotation gets a line of its own naming them, since they stay out until
 * an operator acts.
 */
final class StepFollower {

	private final KafkaConsumer<String, String> steps;

	private final DeployId deployId;

	private final PrintWriter out;

	private final InstanceTrail trail = new InstanceTrail();

	StepFollower(KafkaConsumer<String, String> steps, DeployId deployId, PrintWriter out) {
		this.steps = steps;
		this.deployId = deployId;
		this.out = out;
	}

	int follow(Duration timeout) {
		long start = System.nanoTime();
		long deadline = start + timeout.toNanos();
		while (System.nanoTime() < deadline) {
			for (ConsumerRecord<String, String> record : this.steps.poll(Duration.ofMillis(200))) {
				JsonNode step = Kafka.json(record);
				if (step == null || !this.deployId.value().equals(text(step, "deployId"))) {
					continue;
				}
				double elapsed = (System.nanoTime() - start) / 1e9;
				this.out.printf("[%7.2fs] %s%n", elapsed, describe(step));
				this.trail.record(step);
				printKeptOut(step);
				Integer verdict = verdict(text(step, "type"));
				if (verdict != null) {
					return verdict;
				}
			}
		}
		this.out.printf("No verdict for deploy %s within %s%n", this.deployId, timeout);
		return ExitCode.TIMEOUT;
	}

	/**
	 * Waits for the deployer's first answer to a request: its start, its plan, or its
	 * rejection. A plan is printed whole, one step a line.
	 * @return 0 when started or planned, 2 when rejected, 3 without an answer in time
	 */
	int firstAnswer(Duration timeout) {
		long deadline = System.nanoTime() + timeout.toNanos();
		while (System.nanoTime() < deadline) {
			for (ConsumerRecord<String, String> record : this.steps.poll(Duration.ofMillis(200))) {
				JsonNode step = Kafka.json(record);
				if (step == null || !this.deployId.value().equals(text(step, "deployId"))) {
					continue;
				}
				this.out.printf("%s%n", describe(step));
				step.path("steps").forEach((line) -> this.out.printf("  %s%n", line.asString()));
				switch (text(step, "type")) {
					case "DeployStarted", "DeployPlanned":
						return ExitCode.OK;
					case "DeployRejected":
						return ExitCode.REJECTED;
					default:
						break;
				}
			}
		}
		this.out.printf("No answer for %s within %s (is the deployer running?)%n", this.deployId, timeout);
		return ExitCode.TIMEOUT;
	}

	private void printKeptOut(JsonNode step) {
		JsonNode keptOut = step.path("keptOut");
		if (!"DeployFailed".equals(text(step, "type")) || keptOut.isEmpty()) {
			return;
		}
		StringJoiner instances = new StringJoiner(", ");
		keptOut.forEach((instance) -> {
			String why = this.trail.whyKeptOut(instance.asString());
			instances.add(instance.asString() + (why.isEmpty() ? "" : " (" + why + ")"));
		});
		this.out.printf("%11s kept out of rotation: %s%n", "", instances);
	}

	private static Integer verdict(String type) {
		return switch (type) {
			case "DeploySucceeded" -> ExitCode.OK;
			case "DeployFailed" -> ExitCode.FAILED;
			case "DeployRejected" -> ExitCode.REJECTED;
			default -> null;
		};
	}

	static String describe(JsonNode step) {
		StringBuilder line = new StringBuilder(text(step, "type"));
		append(line, "", text(step, "instanceId"));
		append(line, "", text(step, "phase").equals("ROLLBACK") ? "(rollback)" : "");
		append(line, "", list(step.path("instances")));
		if (step.path("weight").asInt(100) < 100) {
			append(line, "at weight ", text(step, "weight"));
		}
		if (step.path("rollback").asBoolean(false)) {
			line.append(" (rollback)");
		}
		append(line, "replaced by ", text(step, "replacedBy"));
		if (step.has("replaces")) {
			append(line, "on ", text(step, "host") + ":" + text(step, "port"));
			append(line, "to replace ", text(step, "replaces"));
		}
		append(line, "version ", text(step, "version"));
		if (step.has("exitCode")) {
			append(line, "exit ", text(step, "exitCode"));
		}
		if (step.has("drainMillis") && !"DeploySucceeded".equals(text(step, "type"))) {
			append(line, "drained in ", text(step, "drainMillis") + " ms");
		}
		if (step.path("timedOut").asBoolean(false)) {
			line.append(" (drain timed out)");
		}
		CanarySteps.describe(line, step);
		append(line, "rolled back ", step.has("rolledBack") ? step.get("rolledBack").toString() : "");
		append(line, "by ", text(step, "requestedBy").isEmpty() || "DeployStarted".equals(text(step, "type"))
				|| "DeployPlanned".equals(text(step, "type")) ? "" : text(step, "requestedBy"));
		append(line, "reason: ", "CanaryPromoted".equals(text(step, "type")) ? "" : text(step, "reason"));
		return line.toString();
	}

	private static String list(JsonNode values) {
		StringJoiner joined = new StringJoiner(", ", "[", "]");
		values.forEach((value) -> joined.add(value.asString()));
		return values.isArray() ? joined.toString() : "";
	}

	static void append(StringBuilder line, String label, String value) {
		if (!value.isEmpty() && !"[]".equals(value)) {
			line.append(' ').append(label).append(value);
		}
	}

	static String text(JsonNode node, String field) {
		JsonNode value = node.get(field);
		return (value == null || value.isNull()) ? "" : value.asString();
	}

}
