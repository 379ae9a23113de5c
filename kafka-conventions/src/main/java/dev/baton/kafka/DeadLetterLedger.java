package dev.baton.kafka;

import java.nio.ByteBuffer;
import java.nio.charset.StandardCharsets;
import java.time.Duration;
import java.util.HashMap;
import java.util.HashSet;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.concurrent.ConcurrentHashMap;

import org.apache.kafka.clients.consumer.Consumer;
import org.apache.kafka.clients.consumer.ConsumerConfig;
import org.apache.kafka.clients.consumer.ConsumerRecord;
import org.apache.kafka.clients.consumer.KafkaConsumer;
import org.apache.kafka.common.TopicPartition;
import org.apache.kafka.common.header.Header;
import org.apache.kafka.common.serialization.ByteArrayDeserializer;

import org.springframework.kafka.support.KafkaHeaders;

import dev.baton.contracts.Topic;

/**
 * Which records are already in their topic's dead-letter topic, so that a record met
 * again (a compacted topic replayed at every start, a listener that reads its topic from
 * the beginning) is dead-lettered once, not once per start. It knows what it reads back
 * from the dead-letter topic (the original topic, partition and offset every dead letter
 * carries, whichever service or earlier run wrote it) and what it published itself.
 */
final class DeadLetterLedger {

	private static final Duration POLL = Duration.ofMillis(200);

	private final Map<String, Object> consumerConfigs;

	private final Map<String, Letters> byTopic = new ConcurrentHashMap<>();

	DeadLetterLedger(Map<String, Object> consumerConfigs) {
		Map<String, Object> configs = new HashMap<>(consumerConfigs);
		configs.remove(ConsumerConfig.GROUP_ID_CONFIG);
		configs.put(ConsumerConfig.ENABLE_AUTO_COMMIT_CONFIG, false);
		configs.put(ConsumerConfig.ALLOW_AUTO_CREATE_TOPICS_CONFIG, false);
		configs.put(ConsumerConfig.CLIENT_ID_CONFIG, "baton-dead-letter-ledger");
		this.consumerConfigs = configs;
	}

	/**
	 * Dead-letters a record unless it already was. Checking, dead-lettering and
	 * remembering are one step per topic, so two listeners meeting the same record
	 * dead-letter it once.
	 * @param record the record
	 * @param deadLetter publishes its dead letter; if it throws, nothing is remembered
	 * @return whether the record was dead-lettered now
	 */
	boolean once(ConsumerRecord<?, ?> record, Runnable deadLetter) {
		Letters letters = this.byTopic.computeIfAbsent(record.topic(), Letters::new);
		synchronized (letters) {
			Position position = new Position(record.partition(), record.offset());
			if (letters.catchUp().contains(position)) {
				return false;
			}
			deadLetter.run();
			letters.known.add(position);
			return true;
		}
	}

	/** The dead letters of one topic, read up to where the ledger last looked. */
	private final class Letters {

		private final String topic;

		private final String deadLetterTopic;

		private final Set<Position> known = new HashSet<>();

		private final Map<TopicPartition, Long> readUpTo = new HashMap<>();

		Letters(String topic) {
			this.topic = topic;
			this.deadLetterTopic = topic + Topic.DEAD_LETTER_SUFFIX;
		}

		/**
		 * Reads what was dead-lettered since the last look, by anyone: another service
		 * may have met the same record since.
		 */
		Set<Position> catchUp() {
			try (Consumer<byte[], byte[]> consumer = new KafkaConsumer<>(DeadLetterLedger.this.consumerConfigs,
					new ByteArrayDeserializer(), new ByteArrayDeserializer())) {
				List<TopicPartition> partitions = consumer.partitionsFor(this.deadLetterTopic)
					.stream()
					.map((info) -> new TopicPartition(this.deadLetterTopic, info.partition()))
					.toList();
				consumer.assign(partitions);
				for (TopicPartition partition : partitions) {
					Long from = this.readUpTo.get(partition);
					if (from != null) {
						consumer.seek(partition, from);
					}
					else {
						consumer.seekToBeginning(List.of(partition));
					}
				}
				Map<TopicPartition, Long> end = consumer.endOffsets(partitions);
				while (end.entrySet()
					.stream()
					.anyMatch((entry) -> consumer.position(entry.getKey()) < entry.getValue())) {
					consumer.poll(POLL).forEach(this::learn);
				}
				partitions.forEach((partition) -> this.readUpTo.put(partition, consumer.position(partition)));
			}
			return this.known;
		}

		private void learn(ConsumerRecord<byte[], byte[]> letter) {
			Header topic = letter.headers().lastHeader(KafkaHeaders.DLT_ORIGINAL_TOPIC);
			Header partition = letter.headers().lastHeader(KafkaHeaders.DLT_ORIGINAL_PARTITION);
			Header offset = letter.headers().lastHeader(KafkaHeaders.DLT_ORIGINAL_OFFSET);
			if (topic != null && partition != null && offset != null && partition.value().length == Integer.BYTES
					&& offset.value().length == Long.BYTES
					&& this.topic.equals(new String(topic.value(), StandardCharsets.UTF_8))) {
				this.known.add(new Position(ByteBuffer.wrap(partition.value()).getInt(),
						ByteBuffer.wrap(offset.value()).getLong()));
			}
		}

	}

	private record Position(int partition, long offset) {
	}

}
