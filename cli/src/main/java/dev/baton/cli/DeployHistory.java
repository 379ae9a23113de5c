package dev.baton.cli;

import java.util.ArrayDeque;
import java.util.Deque;
import java.util.HashMap;
import java.util.Iterator;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.TreeMap;

import org.apache.kafka.clients.consumer.ConsumerRecord;
import tools.jackson.databind.JsonNode;

/**
 * What {@code deploy.steps} tells of each service's deploys, as the deployer reads it
 * back: the one that runs now (started, not ended) and how it stands (paused, cancelling,
 * rolling back, baking), and the releases that succeeded, newest last, as a rollback goes
 * back through them (a succeeded rollback takes off the releases above its version).
 */
final class DeployHistory {

	private final Map<String, RunningDeploy> running = new TreeMap<>();

	private final Map<String, Boolean> rollbacks = new HashMap<>();

	private final Map<String, Deque<String>> releases = new HashMap<>();

	static DeployHistory of(List<ConsumerRecord<String, String>> records) {
		DeployHistory history = new DeployHistory();
		records.forEach((record) -> history.record(Kafka.json(record)));
		return history;
	}

	void record(JsonNode step) {
		if (step == null || !step.isObject()) {
			return;
		}
		String type = step.path("type").asString("");
		String service = step.path("service").asString("");
		String deployId = step.path("deployId").asString("");
		if ("DeployStarted".equals(type)) {
			this.running.put(service, new RunningDeploy(step));
			this.rollbacks.put(deployId, step.path("rollback").asBoolean(false));
			return;
		}
		if ("DeploySucceeded".equals(type)) {
			succeeded(service, step.path("version").asString(), Boolean.TRUE.equals(this.rollbacks.remove(deployId)));
		}
		RunningDeploy deploy = this.running.get(service);
		if (deploy == null || !deploy.deployId().equals(deployId)) {
			return;
		}
		if ("DeploySucceeded".equals(type) || "DeployFailed".equals(type)) {
			this.running.remove(service);
		}
		else {
			deploy.record(step);
		}
	}

	private void succeeded(String service, String version, boolean rollback) {
		Deque<String> releases = this.releases.computeIfAbsent(service, (name) -> new ArrayDeque<>());
		if (rollback && releases.contains(version)) {
			while (!releases.getLast().equals(version)) {
				releases.removeLast();
			}
		}
		else if (releases.isEmpty() || !releases.getLast().equals(version)) {
			releases.addLast(version);
		}
	}

	Optional<RunningDeploy> running(String service) {
		return Optional.ofNullable(this.running.get(service));
	}

	Map<String, RunningDeploy> running() {
		return this.running;
	}

	Optional<String> newest(String service) {
		Deque<String> releases = this.releases.get(service);
		return (releases == null || releases.isEmpty()) ? Optional.empty() : Optional.of(releases.getLast());
	}

	/**
	 * @return the release before the newest succeeded one, which a rollback deploys
	 */
	Optional<String> rollbackTarget(String service) {
		Deque<String> releases = this.releases.get(service);
		if (releases == null || releases.size() < 2) {
			return Optional.empty();
		}
		Iterator<String> newestFirst = releases.descendingIterator();
		newestFirst.next();
		return Optional.of(newestFirst.next());
	}

}
