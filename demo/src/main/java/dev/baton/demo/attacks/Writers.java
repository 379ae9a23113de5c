package dev.baton.demo.attacks;

import java.nio.file.Path;
import java.util.HashMap;
import java.util.Map;
import java.util.Optional;
import java.util.concurrent.ExecutionException;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.TimeoutException;

import org.apache.kafka.clients.producer.KafkaProducer;
import org.apache.kafka.clients.producer.ProducerConfig;
import org.apache.kafka.clients.producer.ProducerRecord;
import org.apache.kafka.common.errors.AuthorizationException;
import org.apache.kafka.common.serialization.ByteArraySerializer;
import org.apache.kafka.common.serialization.StringSerializer;

import dev.baton.cli.Connection;

/**
 * Writes records to the stack's broker as one of its roles, with that role's own
 * credentials (the files the local stack keeps for the CLI), so the broker decides what
 * each may write.
 */
final class Writers implements AutoCloseable {

	private final Path secrets;

	private final String prefix;

	private final Map<String, KafkaProducer<String, byte[]>> producers = new HashMap<>();

	/**
	 * @param secrets the directory of the roles' client settings
	 * @param prefix the installation's topic prefix
	 */
	Writers(Path secrets, String prefix) {
		this.secrets = secrets;
		this.prefix = prefix;
	}

	/**
	 * Writes one record and waits for the broker's answer.
	 * @param role the role written as ({@code app}, {@code ci}, {@code admin})
	 * @param topic the topic, without the prefix
	 * @param key the key
	 * @param value the value
	 * @return the broker's refusal, empty when it took the record
	 */
	Optional<String> write(String role, String topic, String key, byte[] value)
			throws InterruptedException, TimeoutException {
		try {
			producer(role).send(new ProducerRecord<>(this.prefix + topic, key, value)).get(20, TimeUnit.SECONDS);
			return Optional.empty();
		}
		catch (ExecutionException ex) {
			if (ex.getCause() instanceof AuthorizationException refused) {
				return Optional.of(refused.getMessage());
			}
			throw new IllegalStateException("writing to " + topic + " as " + role + " failed: " + ex.getCause(), ex);
		}
	}

	private KafkaProducer<String, byte[]> producer(String role) {
		return this.producers.computeIfAbsent(role, (name) -> {
			Map<String, Object> settings = new HashMap<>(
					Connection.of(this.secrets.resolve(name + ".cli.properties")).kafka());
			settings.put(ProducerConfig.ACKS_CONFIG, "all");
			settings.put(ProducerConfig.LINGER_MS_CONFIG, 0);
			settings.put(ProducerConfig.MAX_BLOCK_MS_CONFIG, 10_000);
			settings.put(ProducerConfig.REQUEST_TIMEOUT_MS_CONFIG, 10_000);
			settings.put(ProducerConfig.DELIVERY_TIMEOUT_MS_CONFIG, 15_000);
			settings.put(ProducerConfig.CLIENT_ID_CONFIG, "baton-attacks-" + name);
			return new KafkaProducer<>(settings, new StringSerializer(), new ByteArraySerializer());
		});
	}

	@Override
	public void close() {
		this.producers.values().forEach(KafkaProducer::close);
	}

}
