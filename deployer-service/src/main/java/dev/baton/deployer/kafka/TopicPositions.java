package dev.baton.deployer.kafka;

import java.time.Instant;
import java.util.List;
import java.util.Map;
import java.util.function.Function;
import java.util.stream.Collectors;

import org.apache.kafka.clients.consumer.Consumer;
import org.apache.kafka.clients.consumer.OffsetAndTimestamp;
import org.apache.kafka.common.TopicPartition;

/**
 * Offsets of every partition of a topic as of a moment: the first record written at or
 * after it, or the end for a partition with none.
 */
final class TopicPositions {

	private TopicPositions() {
	}

	static Map<TopicPartition, Long> since(Consumer<?, ?> consumer, String topic, Instant since) {
		List<TopicPartition> partitions = consumer.partitionsFor(topic)
			.stream()
			.map((info) -> new TopicPartition(topic, info.partition()))
			.toList();
		Map<TopicPartition, OffsetAndTimestamp> from = consumer.offsetsForTimes(
				partitions.stream().collect(Collectors.toMap(Function.identity(), (p) -> since.toEpochMilli())));
		Map<TopicPartition, Long> end = consumer.endOffsets(partitions);
		return partitions.stream()
			.collect(Collectors.toMap(Function.identity(),
					(p) -> (from.get(p) != null) ? from.get(p).offset() : end.get(p)));
	}

}
