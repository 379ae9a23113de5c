package dev.baton.client;

import java.time.Duration;
import java.util.HashMap;
import java.util.Map;
import java.util.concurrent.ExecutionException;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.TimeoutException;

import org.apache.kafka.clients.producer.KafkaProducer;
import org.apache.kafka.clients.producer.Producer;
import org.apache.kafka.clients.producer.ProducerConfig;
import org.apache.kafka.clients.producer.ProducerRecord;
import org.apache.kafka.common.serialization.ByteArraySerializer;
import org.apache.kafka.common.serialization.StringSerializer;
import tools.jackson.databind.ObjectWriter;
import tools.jackson.databind.json.JsonMapper;

import dev.baton.contracts.registration.RegistrationMessage;

/**
 * Publishes registration messages to {@code <prefix>registrations}, keyed by service, as
 * JSON with a {@code "type"} property. Every send is bounded: an unreachable broker costs
 * at most the send timeout, never a hung start-up or shutdown.
 */
class RegistrationPublisher implements AutoCloseable {

	private final String topic;

	private final Duration timeout;

	private final Producer<String, byte[]> producer;

	private final ObjectWriter writer = JsonMapper.builder().build().writerFor(RegistrationMessage.class);

	/**
	 * @param clientSettings Kafka client settings of the installation (security protocol,
	 * SASL, TLS); the producer's own settings below take precedence
	 */
	RegistrationPublisher(String bootstrapServers, Map<String, Object> clientSettings, String topic, Duration timeout) {
		this(topic, timeout, new KafkaProducer<>(settings(bootstrapServers, clientSettings, timeout),
				new StringSerializer(), new ByteArraySerializer()));
	}

	RegistrationPublisher(String topic, Duration timeout, Producer<String, byte[]> producer) {
		this.topic = topic;
		this.timeout = timeout;
		this.producer = producer;
	}

	private static Map<String, Object> settings(String bootstrapServers, Map<String, Object> clientSettings,
			Duration timeout) {
		int millis = (int) timeout.toMillis();
		Map<String, Object> settings = new HashMap<>(clientSettings);
		settings.putAll(Map.of(ProducerConfig.BOOTSTRAP_SERVERS_CONFIG, bootstrapServers, ProducerConfig.ACKS_CONFIG,
				"all", ProducerConfig.ENABLE_IDEMPOTENCE_CONFIG, true, ProducerConfig.MAX_BLOCK_MS_CONFIG, millis,
				ProducerConfig.REQUEST_TIMEOUT_MS_CONFIG, millis, ProducerConfig.DELIVERY_TIMEOUT_MS_CONFIG, millis,
				ProducerConfig.LINGER_MS_CONFIG, 0, ProducerConfig.RECONNECT_BACKOFF_MAX_MS_CONFIG, 5000,
				ProducerConfig.CLIENT_ID_CONFIG, "baton-client"));
		return settings;
	}

	String topic() {
		return this.topic;
	}

	/**
	 * Connects to the cluster and reads the topic's partitions, as the first send would:
	 * done while the app still starts, the registration at readiness is one request.
	 * @throws PublishFailedException when the cluster did not answer in time
	 */
	void connect() {
		try {
			this.producer.partitionsFor(this.topic);
		}
		catch (RuntimeException ex) {
			throw new PublishFailedException(this.topic, ex);
		}
	}

	/**
	 * Sends one message and waits for the broker's acknowledgement.
	 * @param message the message
	 * @throws PublishFailedException when the broker did not acknowledge in time
	 */
	void publish(RegistrationMessage message) {
		byte[] json = this.writer.writeValueAsBytes(message);
		try {
			this.producer.send(new ProducerRecord<>(this.topic, message.service().value(), json))
				.get(this.timeout.toMillis() + 1000, TimeUnit.MILLISECONDS);
		}
		catch (InterruptedException ex) {
			Thread.currentThread().interrupt();
			throw new PublishFailedException(this.topic, ex);
		}
		catch (ExecutionException ex) {
			throw new PublishFailedException(this.topic, ex.getCause());
		}
		catch (TimeoutException | RuntimeException ex) {
			throw new PublishFailedException(this.topic, ex);
		}
	}

	@Override
	public void close() {
		this.producer.close(this.timeout);
	}

	/** A registration message that did not reach the broker. */
	static class PublishFailedException extends RuntimeException {

		PublishFailedException(String topic, Throwable cause) {
			super("could not publish to " + topic + ": " + cause, cause);
		}

	}

}
