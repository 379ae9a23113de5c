package dev.baton.nginx.bench;

import java.time.Duration;
import java.util.Map;
import java.util.concurrent.ExecutionException;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.TimeoutException;

import org.apache.kafka.clients.producer.KafkaProducer;
import org.apache.kafka.clients.producer.ProducerConfig;
import org.apache.kafka.clients.producer.ProducerRecord;
import org.apache.kafka.common.serialization.StringSerializer;

/**
 * Publishes gate commands the way a latency-minded writer would (no linger), so the
 * measured latency is nginx-control's and the broker's, not the producer's batching.
 */
final class CommandProducer implements AutoCloseable {

	private final KafkaProducer<String, String> producer;

	CommandProducer(String bootstrapServers) {
		this.producer = new KafkaProducer<>(Map.of(ProducerConfig.BOOTSTRAP_SERVERS_CONFIG, bootstrapServers,
				ProducerConfig.ACKS_CONFIG, "all", ProducerConfig.LINGER_MS_CONFIG, 0), new StringSerializer(),
				new StringSerializer());
	}

	void send(String topic, String key, String value) {
		try {
			this.producer.send(new ProducerRecord<>(topic, key, value)).get(30, TimeUnit.SECONDS);
		}
		catch (InterruptedException ex) {
			Thread.currentThread().interrupt();
			throw new IllegalStateException(ex);
		}
		catch (ExecutionException | TimeoutException ex) {
			throw new IllegalStateException("could not send to " + topic, ex);
		}
	}

	@Override
	public void close() {
		this.producer.close(Duration.ofSeconds(5));
	}

}
