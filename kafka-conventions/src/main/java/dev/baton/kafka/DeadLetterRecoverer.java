package dev.baton.kafka;

import java.nio.charset.StandardCharsets;
import java.util.Map;

import org.apache.kafka.clients.consumer.ConsumerRecord;
import org.apache.kafka.common.TopicPartition;
import org.apache.kafka.common.header.internals.RecordHeaders;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

import org.springframework.kafka.core.KafkaOperations;
import org.springframework.kafka.listener.ConsumerRecordRecoverer;
import org.springframework.kafka.listener.DeadLetterPublishingRecoverer;

/**
 * Sends a record that can never succeed to {@code <topic>-dlt}, with Spring Kafka's
 * exception headers plus {@value #REASON_HEADER} (the one-line reason), and records it in
 * the audit trail, and counts it. The record's original bytes are kept, so nothing is
 * lost.
 */
final class DeadLetterRecoverer implements ConsumerRecordRecoverer {

	/** Header carrying the one-line reason a record was dead-lettered. */
	static final String REASON_HEADER = "baton-dlt-reason";

	private static final Logger logger = LoggerFactory.getLogger(DeadLetterRecoverer.class);

	private final DeadLetterPublishingRecoverer publisher;

	private final AuditTrail audit;

	private final DeadLetterCounters counters;

	DeadLetterRecoverer(KafkaOperations<?, ?> kafka, AuditTrail audit, DeadLetterCounters counters) {
		this.audit = audit;
		this.counters = counters;
		this.publisher = new DeadLetterPublishingRecoverer(kafka,
				(record, failure) -> new TopicPartition(record.topic() + "-dlt", -1));
		this.publisher.setHeadersFunction((record, failure) -> {
			RecordHeaders headers = new RecordHeaders();
			headers.add(REASON_HEADER, FailureReason.of(failure).getBytes(StandardCharsets.UTF_8));
			return headers;
		});
		this.publisher.setFailIfSendResultIsError(true);
	}

	@Override
	public void accept(ConsumerRecord<?, ?> record, Exception failure) {
		String reason = FailureReason.of(failure);
		logger.warn("Dead-lettering {}-{}@{} (key {}): {}", record.topic(), record.partition(), record.offset(),
				record.key(), reason);
		this.publisher.accept(record, failure);
		this.counters.increment(record.topic());
		this.audit.record(record.topic(), "dead-lettered", this.audit.source(), reason,
				Map.of("partition", String.valueOf(record.partition()), "offset", String.valueOf(record.offset()),
						"key", String.valueOf(record.key())));
	}

}
