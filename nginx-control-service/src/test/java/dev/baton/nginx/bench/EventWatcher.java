package dev.baton.nginx.bench;

import java.time.Duration;
import java.time.Instant;
import java.util.List;
import java.util.Map;
import java.util.UUID;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.TimeUnit;

import org.apache.kafka.clients.consumer.ConsumerConfig;
import org.apache.kafka.clients.consumer.ConsumerRecord;
import org.apache.kafka.clients.consumer.KafkaConsumer;
import org.apache.kafka.common.TopicPartition;
import org.apache.kafka.common.serialization.StringDeserializer;
import tools.jackson.databind.JsonNode;
import tools.jackson.databind.json.JsonMapper;

/**
 * Reads {@code nginx.events} as the deployer would, noting when each answer arrived.
 */
final class EventWatcher implements AutoCloseable {

	private static final JsonMapper json = JsonMapper.builder().build();

	private final Map<String, CompletableFuture<Arrival>> arrivals = new ConcurrentHashMap<>();

	private final Thread thread;

	private volatile boolean running = true;

	EventWatcher(String bootstrapServers, String topic) {
		KafkaConsumer<String, String> consumer = new KafkaConsumer<>(Map.of(ConsumerConfig.BOOTSTRAP_SERVERS_CONFIG,
				bootstrapServers, ConsumerConfig.GROUP_ID_CONFIG, "bench-" + UUID.randomUUID()),
				new StringDeserializer(), new StringDeserializer());
		List<TopicPartition> partitions = consumer.partitionsFor(topic)
			.stream()
			.map((info) -> new TopicPartition(topic, info.partition()))
			.toList();
		consumer.assign(partitions);
		consumer.seekToEnd(partitions);
		partitions.forEach(consumer::position);
		this.thread = new Thread(() -> {
			try (consumer) {
				while (this.running) {
					for (ConsumerRecord<String, String> record : consumer.poll(Duration.ofMillis(100))) {
						Instant received = Instant.now();
						JsonNode event = json.readTree(record.value());
						if (event.has("commandId")) {
							arrival(event.get("type").asString() + "/" + event.get("commandId").asString())
								.complete(new Arrival(received, event));
						}
					}
				}
			}
		}, "bench-events");
		this.thread.start();
	}

	private CompletableFuture<Arrival> arrival(String key) {
		return this.arrivals.computeIfAbsent(key, (ignored) -> new CompletableFuture<>());
	}

	Arrival await(String type, String commandId, Duration timeout) throws Exception {
		return arrival(type + "/" + commandId).get(timeout.toMillis(), TimeUnit.MILLISECONDS);
	}

	@Override
	public void close() throws InterruptedException {
		this.running = false;
		this.thread.join(5000);
	}

	/**
	 * @param received when the benchmark read it
	 * @param event the event
	 */
	record Arrival(Instant received, JsonNode event) {

		Instant at() {
			return Instant.parse(this.event.get("at").asString());
		}

	}

}
