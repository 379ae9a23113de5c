package dev.baton.deployer.acceptance;

import java.time.Duration;
import java.util.List;
import java.util.Map;
import java.util.UUID;
import java.util.function.BiConsumer;

import org.apache.kafka.clients.consumer.ConsumerConfig;
import org.apache.kafka.clients.consumer.ConsumerRecord;
import org.apache.kafka.clients.consumer.KafkaConsumer;
import org.apache.kafka.common.TopicPartition;
import org.apache.kafka.common.errors.WakeupException;
import org.apache.kafka.common.serialization.ByteArrayDeserializer;
import org.apache.kafka.common.serialization.StringDeserializer;

/**
 * Follows a topic from its beginning on a thread of its own and hands every record to a
 * handler, the way another service would consume it.
 */
final class TopicFollower implements AutoCloseable {

	private final KafkaConsumer<String, byte[]> consumer;

	private final Thread thread;

	TopicFollower(String bootstrapServers, String topic, BiConsumer<String, byte[]> handler) {
		this.consumer = new KafkaConsumer<>(Map.of(ConsumerConfig.BOOTSTRAP_SERVERS_CONFIG, bootstrapServers,
				ConsumerConfig.GROUP_ID_CONFIG, "follower-" + UUID.randomUUID()), new StringDeserializer(),
				new ByteArrayDeserializer());
		List<TopicPartition> partitions = this.consumer.partitionsFor(topic)
			.stream()
			.map((info) -> new TopicPartition(topic, info.partition()))
			.toList();
		this.consumer.assign(partitions);
		this.consumer.seekToBeginning(partitions);
		this.thread = new Thread(() -> {
			try {
				while (true) {
					for (ConsumerRecord<String, byte[]> record : this.consumer.poll(Duration.ofSeconds(1))) {
						handler.accept(record.key(), record.value());
					}
				}
			}
			catch (WakeupException ex) {
				// closed by the test
			}
			finally {
				this.consumer.close();
			}
		}, "follower-" + topic);
		this.thread.setDaemon(true);
		this.thread.start();
	}

	@Override
	public void close() throws InterruptedException {
		this.consumer.wakeup();
		this.thread.join(10_000);
	}

}
