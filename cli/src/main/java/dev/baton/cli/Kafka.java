package dev.baton.cli;

import java.time.Duration;
import java.time.Instant;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.UUID;
import java.util.concurrent.ExecutionException;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.TimeoutException;

import org.apache.kafka.clients.consumer.ConsumerConfig;
import org.apache.kafka.clients.consumer.ConsumerRecord;
import org.apache.kafka.clients.consumer.KafkaConsumer;
import org.apache.kafka.clients.producer.KafkaProducer;
import org.apache.kafka.clients.producer.ProducerConfig;
import org.apache.kafka.clients.producer.ProducerRecord;
import org.apache.kafka.common.TopicPartition;
import org.apache.kafka.common.serialization.StringDeserializer;
import org.apache.kafka.common.serialization.StringSerializer;
import tools.jackson.core.JacksonException;
import tools.jackson.databind.JsonNode;

/**
 * The CLI's Kafka clients: JSON messages as any producer writes them, and readers that
 * start at the end of a topic (to follow what happens next) or at its beginning (to read
 * a state).
 */
public final class Kafka implements AutoCloseable {

	private final Connection connection;

	private KafkaProducer<String, String> producer;

	private KafkaConsumer<String, String> readerToEnd;

	private boolean reached;

	public Kafka(Connection connection) {
		this.connection = connection;
	}

	String topic(String suffix) {
		return this.connection.topic(suffix);
	}

	/**
	 * Publishes a message as JSON and waits for the broker to take it.
	 * @param topicSuffix the topic, without the prefix
	 * @param key the record's key
	 * @param message the message
	 * @throws IllegalStateException when the broker does not take it
	 */
	public void send(String topicSuffix, String key, Object message) {
		if (this.producer == null) {
			reach();
			Map<String, Object> settings = new HashMap<>(this.connection.kafka());
			settings.put(ProducerConfig.ACKS_CONFIG, "all");
			settings.put(ProducerConfig.ENABLE_IDEMPOTENCE_CONFIG, true);
			settings.put(ProducerConfig.MAX_BLOCK_MS_CONFIG, 15_000);
			this.producer = new KafkaProducer<>(settings, new StringSerializer(), new StringSerializer());
		}
		try {
			this.producer.send(new ProducerRecord<>(topic(topicSuffix), key, Json.mapper().writeValueAsString(message)))
				.get(30, TimeUnit.SECONDS);
		}
		catch (InterruptedException ex) {
			Thread.currentThread().interrupt();
			throw new IllegalStateException("interrupted while publishing", ex);
		}
		catch (ExecutionException | TimeoutException ex) {
			throw new IllegalStateException("could not publish to " + topic(topicSuffix) + " at "
					+ this.connection.bootstrapServers() + ": " + ex.getMessage(), ex);
		}
	}

	/**
	 * A consumer over all partitions of a topic, positioned at its end or its beginning.
	 * @param topicSuffix the topic
	 * @param fromBeginning whether to read what is there already
	 * @return the consumer; the caller closes it
	 */
	public KafkaConsumer<String, String> reader(String topicSuffix, boolean fromBeginning) {
		KafkaConsumer<String, String> consumer = consumer(Map.of());
		List<TopicPartition> partitions = assign(consumer, topicSuffix);
		if (fromBeginning) {
			consumer.seekToBeginning(partitions);
		}
		else {
			consumer.seekToEnd(partitions);
			partitions.forEach(consumer::position);
		}
		return consumer;
	}

	private KafkaConsumer<String, String> consumer(Map<String, Object> overrides) {
		reach();
		Map<String, Object> settings = new HashMap<>(this.connection.kafka());
		settings.putAll(overrides);
		settings.put(ConsumerConfig.GROUP_ID_CONFIG, "baton-cli-" + UUID.randomUUID());
		settings.put(ConsumerConfig.ENABLE_AUTO_COMMIT_CONFIG, false);
		settings.put(ConsumerConfig.ISOLATION_LEVEL_CONFIG, "read_committed");
		return new KafkaConsumer<>(settings, new StringDeserializer(), new StringDeserializer());
	}

	private List<TopicPartition> assign(KafkaConsumer<String, String> consumer, String topicSuffix) {
		String topic = topic(topicSuffix);
		List<TopicPartition> partitions = consumer.partitionsFor(topic, Duration.ofSeconds(15))
			.stream()
			.map((info) -> new TopicPartition(topic, info.partition()))
			.toList();
		consumer.assign(partitions);
		return partitions;
	}

	/**
	 * Makes sure, once, that a broker answers before the first client is made, so that a
	 * bus that cannot be reached fails the command as such.
	 * @throws KafkaUnavailable when no broker answers or one refuses the credentials
	 */
	private void reach() {
		if (!this.reached) {
			Json.prepareInBackground();
			BrokerProbe.reach(this.connection);
			this.reached = true;
		}
	}

	/**
	 * Everything a topic holds from a point in time (or its beginning) up to its current
	 * end.
	 * @param topicSuffix the topic
	 * @param since the earliest record time, or null for the beginning
	 * @return the records, partition by partition
	 */
	public List<ConsumerRecord<String, String>> readToEnd(String topicSuffix, Instant since) {
		// A command's reads share one consumer, one topic after the other: making a
		// consumer (its connections, its login) costs more than what status reads with
		// it. Its fetches do not wait at the broker for records to come: the broker
		// answers a connection's requests in turn, so the next topic's metadata would
		// wait behind a fetch of the last one held open for new records.
		if (this.readerToEnd == null) {
			this.readerToEnd = consumer(Map.of(ConsumerConfig.FETCH_MAX_WAIT_MS_CONFIG, 0));
		}
		KafkaConsumer<String, String> consumer = this.readerToEnd;
		List<TopicPartition> partitions = assign(consumer, topicSuffix);
		consumer.seekToBeginning(partitions);
		if (since != null) {
			Map<TopicPartition, Long> times = new HashMap<>();
			partitions.forEach((partition) -> times.put(partition, since.toEpochMilli()));
			consumer.offsetsForTimes(times).forEach((partition, offset) -> {
				if (offset != null) {
					consumer.seek(partition, offset.offset());
				}
				else {
					consumer.seekToEnd(List.of(partition));
				}
			});
		}
		return drain(consumer);
	}

	/**
	 * Everything a consumer has still to read up to the current end of its partitions;
	 * the consumer reads on from there.
	 * @param consumer the consumer
	 * @return the records, partition by partition
	 */
	static List<ConsumerRecord<String, String>> drain(KafkaConsumer<String, String> consumer) {
		List<ConsumerRecord<String, String>> records = new ArrayList<>();
		Set<TopicPartition> partitions = consumer.assignment();
		Map<TopicPartition, Long> end = consumer.endOffsets(partitions);
		while (partitions.stream().anyMatch((partition) -> consumer.position(partition) < end.get(partition))) {
			consumer.poll(Duration.ofMillis(200)).forEach(records::add);
		}
		return records;
	}

	/**
	 * A record's value as JSON, for readers of topics anyone can write to: one record
	 * that is not JSON must not hide the others.
	 * @param record the record
	 * @return the value, or null for a tombstone or a value that is not JSON
	 */
	public static JsonNode json(ConsumerRecord<String, String> record) {
		if (record.value() == null) {
			return null;
		}
		try {
			return Json.mapper().readTree(record.value());
		}
		catch (JacksonException ex) {
			return null;
		}
	}

	@Override
	public void close() {
		if (this.producer != null) {
			this.producer.close(Duration.ofSeconds(5));
		}
		if (this.readerToEnd != null) {
			this.readerToEnd.close();
		}
	}

}
