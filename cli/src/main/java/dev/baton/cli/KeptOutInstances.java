package dev.baton.cli;

import java.time.Duration;
import java.time.Instant;
import java.util.Map;

import org.apache.kafka.clients.consumer.ConsumerRecord;
import tools.jackson.databind.JsonNode;
import tools.jackson.databind.node.ObjectNode;

/**
 * Marks the instances whose DEPLOY gate a failed deploy left closed: the last
 * {@code DeployFailed} that names one in {@code keptOut}, with no later step of another
 * deploy touching it. Only {@code deploy.steps} since the oldest of those gates closed is
 * read (less a slack for a deployer that closes a gate again after its verdict), never
 * the whole history.
 */
final class KeptOutInstances {

	static final Duration SLACK = Duration.ofMinutes(5);

	private KeptOutInstances() {
	}

	/**
	 * Adds {@code keptOut} ({@code deployId}, {@code reason}, {@code at}) to each
	 * instance a failed deploy left out of rotation.
	 * @param kafka the CLI's clients
	 * @param closed the instances whose DEPLOY gate is closed, by instance id
	 * @param oldestClose when the oldest of their gates was closed
	 */
	static void mark(Kafka kafka, Map<String, ObjectNode> closed, Instant oldestClose) {
		if (closed.isEmpty()) {
			return;
		}
		for (ConsumerRecord<String, String> record : kafka.readToEnd("deploy.steps", oldestClose.minus(SLACK))) {
			JsonNode step = Kafka.json(record);
			if (step == null) {
				continue;
			}
			if ("DeployFailed".equals(step.path("type").asString())) {
				step.path("rolledBack").forEach((instance) -> clear(closed, instance.asString()));
				step.path("keptOut").forEach((instance) -> keep(closed, instance.asString(), step));
			}
			else {
				clear(closed, step.path("instanceId").asString());
			}
		}
	}

	private static void keep(Map<String, ObjectNode> closed, String instanceId, JsonNode failed) {
		ObjectNode instance = closed.get(instanceId);
		if (instance != null) {
			instance.putObject("keptOut")
				.put("deployId", failed.path("deployId").asString())
				.put("reason", failed.path("reason").asString())
				.put("at", failed.path("at").asString());
		}
	}

	private static void clear(Map<String, ObjectNode> closed, String instanceId) {
		ObjectNode instance = closed.get(instanceId);
		if (instance != null) {
			instance.remove("keptOut");
		}
	}

}
