package dev.baton.kafka.testing;

import java.nio.charset.StandardCharsets;
import java.time.Duration;
import java.time.Instant;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
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
import org.apache.kafka.common.serialization.ByteArrayDeserializer;
import org.apache.kafka.common.serialization.ByteArraySerializer;
import org.apache.kafka.common.serialization.Deserializer;
import org.apache.kafka.common.serialization.StringDeserializer;
import org.apache.kafka.common.serialization.StringSerializer;
import org.apache.kafka.common.utils.Utils;

/**
 * What an outside producer or reader does with a real broker: publish hand-written JSON
 * (or any bytes) and read a topic from the start. Tests use it to act as CI, an app or an
 * operator would.
 */
public final class TestKafka implements AutoCloseable {

	private final String bootstrapServers;

	private static final String NGINX_COMMANDS = "nginx.commands";

	private final KafkaProducer<String, byte[]> producer;

	public TestKafka(String bootstrapServers) {
		this.bootstrapServers = bootstrapServers;
		this.producer = new KafkaProducer<>(Map.of(ProducerConfig.BOOTSTRAP_SERVERS_CONFIG, bootstrapServers,
				ProducerConfig.MAX_REQUEST_SIZE_CONFIG, 5 * 1024 * 1024, ProducerConfig.ACKS_CONFIG, "all",
				ProducerConfig.LINGER_MS_CONFIG, 0), new StringSerializer(), new ByteArraySerializer());
	}

	public String bootstrapServers() {
		return this.bootstrapServers;
	}

	public void send(String topic, String key, String value) {
		send(topic, key, (value != null) ? value.getBytes(StandardCharsets.UTF_8) : null);
	}

	public void send(String topic, String key, byte[] value) {
		send(new ProducerRecord<>(topic, key, value));
	}

	/**
	 * Sends a record to a partition of the caller's choosing, as a client that ignores
	 * Baton's partitioning does.
	 * @param topic the topic
	 * @param partition the partition
	 * @param key the key
	 * @param value the value
	 */
	public void sendTo(String topic, int partition, String key, String value) {
		send(new ProducerRecord<>(topic, partition, key, value.getBytes(StandardCharsets.UTF_8)));
	}

	/**
	 * A gate command goes where Baton's services write it, on its peer's partition
	 * ({@code PeerPartitioner}): a node refuses one found elsewhere.
	 */
	private ProducerRecord<String, byte[]> onPeerPartition(ProducerRecord<String, byte[]> record) {
		if (record.partition() != null || record.key() == null || !record.topic().endsWith(NGINX_COMMANDS)) {
			return record;
		}
		// PeerPartitioner's rule, restated: the CLI's tests use this class without the
		// services' Kafka conventions on their class path.
		String key = record.key();
		String peer = (key.lastIndexOf('/') > 0) ? key.substring(0, key.lastIndexOf('/')) : key;
		int partition = Utils.toPositive(Utils.murmur2(peer.getBytes(StandardCharsets.UTF_8)))
				% this.producer.partitionsFor(record.topic()).size();
		return new ProducerRecord<>(record.topic(), partition, record.timestamp(), record.key(), record.value(),
				record.headers());
	}

	/**
	 * Sends a record stamped with a time of the caller's choosing, as a producer whose
	 * clock runs elsewhere stamps it.
	 * @param topic the topic
	 * @param key the key
	 * @param value the value
	 * @param timestamp the record's time
	 */
	public void send(String topic, String key, String value, Instant timestamp) {
		send(new ProducerRecord<>(topic, null, timestamp.toEpochMilli(), key, value.getBytes(StandardCharsets.UTF_8)));
	}

	private void send(ProducerRecord<String, byte[]> record) {
		String topic = record.topic();
		try {
			this.producer.send(onPeerPartition(record)).get(30, TimeUnit.SECONDS);
		}
		catch (InterruptedException ex) {
			Thread.currentThread().interrupt();
			throw new IllegalStateException(ex);
		}
		catch (ExecutionException | TimeoutException ex) {
			throw new IllegalStateException("could not send to " + topic, ex);
		}
	}

	/**
	 * Every record of a topic from its beginning to its current end.
	 * @param topic the topic
	 * @return the records, in partition order then offset order
	 */
	public List<ConsumerRecord<String, String>> readAll(String topic) {
		return read(topic, new StringDeserializer());
	}

	/**
	 * Every record of a topic with its raw value bytes, for dead letters.
	 * @param topic the topic
	 * @return the records
	 */
	public List<ConsumerRecord<String, byte[]>> readAllBytes(String topic) {
		return read(topic, new ByteArrayDeserializer());
	}

	private <V> List<ConsumerRecord<String, V>> read(String topic, Deserializer<V> values) {
		List<ConsumerRecord<String, V>> records = new ArrayList<>();
		try (KafkaConsumer<String, V> consumer = new KafkaConsumer<>(
				Map.of(ConsumerConfig.BOOTSTRAP_SERVERS_CONFIG, this.bootstrapServers, ConsumerConfig.GROUP_ID_CONFIG,
						"test-reader-" + UUID.randomUUID(), ConsumerConfig.ISOLATION_LEVEL_CONFIG, "read_committed",
						ConsumerConfig.MAX_PARTITION_FETCH_BYTES_CONFIG, 8 * 1024 * 1024),
				new StringDeserializer(), values)) {
			List<TopicPartition> partitions = consumer.partitionsFor(topic)
				.stream()
				.map((info) -> new TopicPartition(topic, info.partition()))
				.toList();
			consumer.assign(partitions);
			consumer.seekToBeginning(partitions);
			Map<TopicPartition, Long> end = consumer.endOffsets(partitions);
			while (partitions.stream().anyMatch((partition) -> consumer.position(partition) < end.get(partition))) {
				consumer.poll(Duration.ofMillis(100)).forEach(records::add);
			}
		}
		return records;
	}

	public static String header(ConsumerRecord<?, ?> record, String name) {
		var header = record.headers().lastHeader(name);
		return (header != null) ? new String(header.value(), StandardCharsets.UTF_8) : null;
	}

	@Override
	public void close() {
		this.producer.close(Duration.ofSeconds(5));
	}

}
