package dev.baton.cli;

import java.time.Instant;
import java.util.List;
import java.util.Map;
import java.util.TreeMap;

import org.apache.kafka.clients.consumer.ConsumerRecord;
import tools.jackson.databind.node.ObjectNode;

/**
 * A compacted topic's state as the services hold it: the latest record per key, a
 * tombstone removing the key. A record without a key or whose value is not a JSON object
 * is skipped, as the services skip it, so that one bad record, which compaction keeps,
 * cannot hide the fleet.
 */
final class CompactedState {

	private CompactedState() {
	}

	static Map<String, Entry> of(List<ConsumerRecord<String, String>> records) {
		Map<String, Entry> state = new TreeMap<>();
		for (ConsumerRecord<String, String> record : records) {
			if (record.key() == null) {
				continue;
			}
			if (record.value() == null) {
				state.remove(record.key());
			}
			else if (Kafka.json(record) instanceof ObjectNode value) {
				state.put(record.key(), new Entry(value, Instant.ofEpochMilli(record.timestamp())));
			}
		}
		return state;
	}

	/**
	 * One key's latest value.
	 *
	 * @param value the value
	 * @param writtenAt the record's timestamp
	 */
	record Entry(ObjectNode value, Instant writtenAt) {

	}

}
