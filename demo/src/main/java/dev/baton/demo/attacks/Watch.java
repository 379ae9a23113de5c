package dev.baton.demo.attacks;

import java.nio.charset.StandardCharsets;
import java.time.Duration;
import java.util.Optional;
import java.util.function.Predicate;

import org.apache.kafka.clients.consumer.ConsumerRecord;
import org.apache.kafka.clients.consumer.KafkaConsumer;
import org.apache.kafka.common.header.Header;

import dev.baton.cli.Kafka;

/**
 * Reads a topic from its end as it was when the watch opened, so what an attack causes (a
 * dead letter, a rejection) is found however soon it comes.
 */
final class Watch implements AutoCloseable {

	/** The header in which a dead letter carries its one-line reason. */
	static final String REASON = "baton-dlt-reason";

	private final KafkaConsumer<String, String> consumer;

	private Watch(KafkaConsumer<String, String> consumer) {
		this.consumer = consumer;
	}

	static Watch of(Kafka kafka, String topic) {
		return new Watch(kafka.reader(topic, false));
	}

	/**
	 * The first record to come that matches, or empty when none comes in time.
	 * @param matches what the record must be
	 * @param timeout how long to wait
	 * @return the record
	 */
	Optional<ConsumerRecord<String, String>> await(Predicate<ConsumerRecord<String, String>> matches,
			Duration timeout) {
		long deadline = System.nanoTime() + timeout.toNanos();
		while (System.nanoTime() < deadline) {
			for (ConsumerRecord<String, String> record : this.consumer.poll(Duration.ofMillis(200))) {
				if (matches.test(record)) {
					return Optional.of(record);
				}
			}
		}
		return Optional.empty();
	}

	/**
	 * The reason of the first dead letter whose original value holds a marker.
	 * @param marker what the attack's record holds
	 * @param timeout how long to wait
	 * @return the reason, empty when no such dead letter came
	 */
	Optional<String> deadLetter(String marker, Duration timeout) {
		return await((record) -> record.value() != null && record.value().contains(marker), timeout)
			.map((record) -> reason(record));
	}

	private static String reason(ConsumerRecord<String, String> record) {
		Header reason = record.headers().lastHeader(REASON);
		return (reason != null) ? new String(reason.value(), StandardCharsets.UTF_8) : "(no reason header)";
	}

	@Override
	public void close() {
		this.consumer.close();
	}

}
