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

import org.springframework.core.log.LogAccessor;
import org.springframework.kafka.core.ConsumerFactory;
import org.springframework.kafka.listener.ConsumerRecordRecoverer;
import org.springframework.kafka.support.serializer.DeserializationException;
import org.springframework.kafka.support.serializer.SerializationUtils;

import dev.baton.contracts.Topic;

/**
 * Reads a topic from its beginning to its current end, so a service can rebuild the state
 * the topic holds before it starts acting. Every record passes the checks a live record
 * passes: one whose key or value cannot be read, or that the handler rejects as invalid,
 * is skipped and dead-lettered with its reason (once, however often it is replayed), and
 * the handler gets the next one. A record stays in a compacted topic for ever, so no
 * record may stop a service from starting; any other failure of the handler (a bug, the
 * broker gone) still propagates.
 */
public class CompactedTopicReader {

	private static final Logger logger = LoggerFactory.getLogger(CompactedTopicReader.class);

	private static final LogAccessor headerLog = new LogAccessor(CompactedTopicReader.class);

	private static final Duration POLL = Duration.ofMillis(200);

	private final ConsumerFactory<String, Object> consumers;

	private final TopicNames names;

	private final ConsumerRecordRecoverer deadLetters;

	CompactedTopicReader(ConsumerFactory<String, Object> consumers, TopicNames names,
			ConsumerRecordRecoverer deadLetters) {
		this.consumers = consumers;
		this.names = names;
		this.deadLetters = deadLetters;
	}

	/**
	 * Hands every valid record of the topic, oldest first per partition, to the handler;
	 * a tombstone arrives as a null value. A handler rejects a record by throwing what a
	 * live listener would: {@link IllegalArgumentException},
	 * {@link NullPointerException}, {@link ClassCastException} or
	 * {@link RejectedMessageException}.
	 * @param topic the topic
	 * @param handler receives key and value
	 * @return how many records the handler took
	 */
	public long readToEnd(Topic topic, BiConsumer<String, Object> handler) {
		String name = this.names.name(topic);
		long count = 0;
		long skipped = 0;
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
					if (handled(record, handler)) {
						count++;
					}
					else {
						skipped++;
					}
				}
			}
		}
		logger.info("Read {} records of {}; skipped {} invalid", count, name, skipped);
		return count;
	}

	private boolean handled(ConsumerRecord<String, Object> record, BiConsumer<String, Object> handler) {
		Exception invalid = unreadable(record);
		if (invalid == null) {
			try {
				handler.accept(record.key(), record.value());
				return true;
			}
			catch (IllegalArgumentException | NullPointerException | ClassCastException | RejectedMessageException ex) {
				invalid = ex;
			}
		}
		this.deadLetters.accept(record, invalid);
		return false;
	}

	private static boolean reached(Consumer<String, Object> consumer, Map<TopicPartition, Long> end) {
		return end.entrySet().stream().allMatch((entry) -> consumer.position(entry.getKey()) >= entry.getValue());
	}

	private static DeserializationException unreadable(ConsumerRecord<String, Object> record) {
		DeserializationException value = SerializationUtils.getExceptionFromHeader(record,
				SerializationUtils.VALUE_DESERIALIZER_EXCEPTION_HEADER, headerLog);
		return (value != null) ? value : SerializationUtils.getExceptionFromHeader(record,
				SerializationUtils.KEY_DESERIALIZER_EXCEPTION_HEADER, headerLog);
	}

}
