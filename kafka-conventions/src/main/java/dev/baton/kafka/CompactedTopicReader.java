package dev.baton.kafka;

import java.time.Duration;
import java.util.List;
import java.util.Map;
import java.util.function.BiConsumer;

import org.apache.kafka.clients.consumer.Consumer;
import org.apache.kafka.clients.consumer.ConsumerRecord;
import org.apache.kafka.common.PartitionInfo;
import org.apache.kafka.common.TopicPartition;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

import org.springframework.kafka.core.ConsumerFactory;
import org.springframework.kafka.support.serializer.SerializationUtils;

import dev.baton.contracts.Topic;

/**
 * Reads a compacted topic from its beginning to its current end, so a service can rebuild
 * the state the topic holds before it starts acting. Unreadable records are skipped with
 * a warning: they were dead-lettered when first consumed.
 */
public class CompactedTopicReader {

	private static final Logger logger = LoggerFactory.getLogger(CompactedTopicReader.class);

	private static final Duration POLL = Duration.ofMillis(200);

	private final ConsumerFactory<String, Object> consumers;

	private final TopicNames names;

	public CompactedTopicReader(ConsumerFactory<String, Object> consumers, TopicNames names) {
		this.consumers = consumers;
		this.names = names;
	}

	/**
	 * Hands every record of the topic, oldest first per partition, to the handler; a
	 * tombstone arrives as a null value.
	 * @param topic the topic
	 * @param handler receives key and value
	 * @return how many records were read
	 */
	public long readToEnd(Topic topic, BiConsumer<String, Object> handler) {
		String name = this.names.name(topic);
		long count = 0;
		try (Consumer<String, Object> consumer = this.consumers.createConsumer(null, "rebuild-" + topic.suffix())) {
			List<TopicPartition> partitions = consumer.partitionsFor(name)
				.stream()
				.map((PartitionInfo info) -> new TopicPartition(name, info.partition()))
				.toList();
			consumer.assign(partitions);
			consumer.seekToBeginning(partitions);
			Map<TopicPartition, Long> end = consumer.endOffsets(partitions);
			while (!reached(consumer, end)) {
				for (ConsumerRecord<String, Object> record : consumer.poll(POLL)) {
					if (readable(record)) {
						handler.accept(record.key(), record.value());
						count++;
					}
				}
			}
		}
		logger.info("Read {} records of {}", count, name);
		return count;
	}

	private static boolean reached(Consumer<String, Object> consumer, Map<TopicPartition, Long> end) {
		return end.entrySet().stream().allMatch((entry) -> consumer.position(entry.getKey()) >= entry.getValue());
	}

	private static boolean readable(ConsumerRecord<String, Object> record) {
		boolean failed = record.headers().lastHeader(SerializationUtils.VALUE_DESERIALIZER_EXCEPTION_HEADER) != null
				|| record.headers().lastHeader(SerializationUtils.KEY_DESERIALIZER_EXCEPTION_HEADER) != null;
		if (failed) {
			logger.warn("Skipping unreadable record {}-{}@{}", record.topic(), record.partition(), record.offset());
		}
		return !failed;
	}

}
