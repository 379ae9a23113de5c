package dev.baton.health.kafka;

import java.time.Duration;
import java.time.Instant;
import java.util.Collection;
import java.util.HashMap;
import java.util.Map;
import java.util.function.Consumer;

import org.apache.kafka.clients.consumer.ConsumerRecord;
import org.apache.kafka.clients.consumer.OffsetAndTimestamp;
import org.apache.kafka.common.TopicPartition;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

import org.springframework.kafka.core.ConsumerFactory;
import org.springframework.kafka.support.serializer.SerializationUtils;

import dev.baton.contracts.deploy.DeployStep;

/**
 * Reads the recent history of {@code deploy.steps}, from a moment in the past to the end
 * it has when asked, with a consumer of its own and no group: what a restarted replica
 * needs to know which restart steps it still owes, before its listener goes on from
 * exactly where this read ended. An unreadable record is skipped: it is dead-lettered
 * when consumed live.
 */
class StepWindowReader {

	private static final Logger logger = LoggerFactory.getLogger(StepWindowReader.class);

	private static final Duration POLL = Duration.ofMillis(200);

	private final ConsumerFactory<String, Object> consumers;

	StepWindowReader(ConsumerFactory<String, Object> consumers) {
		this.consumers = consumers;
	}

	/**
	 * Hands every readable step published since a moment to the handler, in partition
	 * order.
	 * @param partitions the partitions of {@code deploy.steps}
	 * @param sinceMillis the oldest publication time read, in epoch milliseconds
	 * @param handler receives each step
	 * @return the offset of each partition the read stopped at, where live reading goes
	 * on
	 */
	Map<TopicPartition, Long> read(Collection<TopicPartition> partitions, long sinceMillis,
			Consumer<DeployStep> handler) {
		try (org.apache.kafka.clients.consumer.Consumer<String, Object> consumer = this.consumers.createConsumer(null,
				"-steps-window")) {
			consumer.assign(partitions);
			Map<TopicPartition, Long> since = new HashMap<>();
			partitions.forEach((partition) -> since.put(partition, sinceMillis));
			Map<TopicPartition, Long> end = consumer.endOffsets(partitions);
			Map<TopicPartition, OffsetAndTimestamp> start = consumer.offsetsForTimes(since);
			for (TopicPartition partition : partitions) {
				OffsetAndTimestamp found = start.get(partition);
				consumer.seek(partition, (found != null) ? found.offset() : end.get(partition));
			}
			int read = 0;
			while (partitions.stream().anyMatch((partition) -> consumer.position(partition) < end.get(partition))) {
				for (ConsumerRecord<String, Object> record : consumer.poll(POLL)) {
					if (record.offset() < end.get(new TopicPartition(record.topic(), record.partition()))
							&& readable(record)) {
						handler.accept((DeployStep) record.value());
						read++;
					}
				}
			}
			logger.info("Read back {} deploy steps published since {}", read, Instant.ofEpochMilli(sinceMillis));
			return end;
		}
	}

	private static boolean readable(ConsumerRecord<String, Object> record) {
		boolean failed = record.headers().lastHeader(SerializationUtils.VALUE_DESERIALIZER_EXCEPTION_HEADER) != null
				|| record.headers().lastHeader(SerializationUtils.KEY_DESERIALIZER_EXCEPTION_HEADER) != null
				|| !(record.value() instanceof DeployStep);
		if (failed) {
			logger.warn("Skipping unreadable deploy step {}-{}@{}", record.topic(), record.partition(),
					record.offset());
		}
		return !failed;
	}

}
