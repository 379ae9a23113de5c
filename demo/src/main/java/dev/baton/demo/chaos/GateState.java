package dev.baton.demo.chaos;

import java.util.List;
import java.util.Map;
import java.util.TreeMap;

import org.apache.kafka.clients.consumer.ConsumerRecord;
import tools.jackson.databind.JsonNode;

import dev.baton.cli.Json;

/**
 * Every gate's desired state as {@code nginx.commands} holds it: the last command under
 * each key wins, a tombstone removes the gate.
 */
public final class GateState {

	private GateState() {
	}

	/**
	 * The gates whose last command closed them.
	 * @param commands the topic's records, in order within each key
	 * @return their keys ({@code service/host:port/GATE}), sorted
	 */
	public static List<String> closed(List<ConsumerRecord<String, String>> commands) {
		Map<String, Boolean> open = new TreeMap<>();
		for (ConsumerRecord<String, String> command : commands) {
			if (command.value() == null) {
				open.remove(command.key());
				continue;
			}
			JsonNode value = readable(command.value());
			if (value != null) {
				open.put(command.key(), value.path("open").asBoolean(true));
			}
		}
		return open.entrySet().stream().filter((gate) -> !gate.getValue()).map(Map.Entry::getKey).toList();
	}

	/** A record that is not JSON is no gate (the services dead-letter it). */
	private static JsonNode readable(String value) {
		try {
			return Json.mapper().readTree(value);
		}
		catch (RuntimeException ex) {
			return null;
		}
	}

}
