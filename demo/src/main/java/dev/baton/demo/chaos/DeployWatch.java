package dev.baton.demo.chaos;

import java.time.Duration;
import java.time.Instant;
import java.util.ArrayList;
import java.util.List;
import java.util.Set;

import org.apache.kafka.clients.consumer.ConsumerRecord;
import org.apache.kafka.clients.consumer.KafkaConsumer;
import tools.jackson.databind.JsonNode;

import dev.baton.cli.Json;
import dev.baton.cli.Kafka;

/**
 * Follows one deploy as it happens, on {@code deploy.steps} and {@code nginx.commands}
 * read from their end (opened before the deploy is requested, so nothing is missed), and
 * fires the fault the moment its trigger's record arrives.
 */
final class DeployWatch implements AutoCloseable {

	static final Set<String> VERDICTS = Set.of("DeploySucceeded", "DeployFailed", "DeployRejected");

	private final KafkaConsumer<String, String> steps;

	private final KafkaConsumer<String, String> commands;

	DeployWatch(Kafka kafka) {
		this.steps = kafka.reader(PhaseTrigger.STEPS, false);
		this.commands = kafka.reader(PhaseTrigger.COMMANDS, false);
	}

	/**
	 * Follows a deploy to its verdict, or until time runs out.
	 * @param deployId the deploy
	 * @param trigger the fault's trigger, or null for the undisturbed deploy
	 * @param fault what to do when the trigger fires
	 * @param timeout how long to follow
	 * @return the deploy's steps seen, and when the fault fired
	 */
	Followed follow(String deployId, PhaseTrigger trigger, Runnable fault, Duration timeout) {
		List<JsonNode> seen = new ArrayList<>();
		Instant fired = null;
		long deadline = System.nanoTime() + timeout.toNanos();
		while (System.nanoTime() < deadline) {
			for (Record record : poll()) {
				if (trigger != null && trigger.firesOn(record.topic(), record.value())) {
					fired = Instant.now();
					fault.run();
				}
				if (PhaseTrigger.STEPS.equals(record.topic()) && record.value() != null
						&& deployId.equals(record.value().path("deployId").asString())) {
					seen.add(record.value());
					if (VERDICTS.contains(record.value().path("type").asString())) {
						return new Followed(seen, fired, true);
					}
				}
			}
		}
		return new Followed(seen, fired, false);
	}

	private List<Record> poll() {
		List<Record> records = new ArrayList<>();
		add(records, PhaseTrigger.COMMANDS, this.commands.poll(Duration.ofMillis(20)));
		add(records, PhaseTrigger.STEPS, this.steps.poll(Duration.ofMillis(50)));
		return records;
	}

	private static void add(List<Record> records, String topic, Iterable<ConsumerRecord<String, String>> polled) {
		for (ConsumerRecord<String, String> record : polled) {
			records.add(new Record(topic, (record.value() != null) ? Json.mapper().readTree(record.value()) : null));
		}
	}

	@Override
	public void close() {
		this.steps.close();
		this.commands.close();
	}

	private record Record(String topic, JsonNode value) {

	}

	/**
	 * What was seen of a deploy.
	 *
	 * @param steps its steps, in order
	 * @param faultFired when the fault fired, or null if its trigger never came
	 * @param ended whether its verdict arrived
	 */
	record Followed(List<JsonNode> steps, Instant faultFired, boolean ended) {

	}

}
