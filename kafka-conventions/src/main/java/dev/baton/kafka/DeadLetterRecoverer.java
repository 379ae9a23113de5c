package dev.baton.kafka;

import java.nio.charset.StandardCharsets;
import java.util.Map;

import org.apache.kafka.clients.consumer.ConsumerRecord;
import org.apache.kafka.common.TopicPartition;
import org.apache.kafka.common.header.internals.RecordHeaders;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

import org.springframework.core.log.LogAccessor;
import org.springframework.kafka.core.KafkaOperations;
import org.springframework.kafka.listener.ConsumerRecordRecoverer;
import org.springframework.kafka.listener.DeadLetterPublishingRecoverer;
import org.springframework.kafka.support.serializer.DeserializationException;
import org.springframework.kafka.support.serializer.SerializationUtils;

/**
 * Sends a record that can never succeed to {@code <topic>-dlt}, with Spring Kafka's
 * exception headers plus {@value #REASON_HEADER} (the one-line reason), and records it in
 * the audit trail, and counts it. The record's original bytes are kept, so nothing is
 * lost. A record already dead-lettered (by an earlier start, another listener or another
 * service) is skipped with a log line only: it is in its dead-letter topic once.
 */
final class DeadLetterRecoverer implements ConsumerRecordRecoverer {

	/** Header carrying the one-line reason a record was dead-lettered. */
	static final String REASON_HEADER = "baton-dlt-reason";

	/** What the log says of a record met again. */
	static final String SEEN_AGAIN = "was dead-lettered before";

	private static final Logger logger = LoggerFactory.getLogger(DeadLetterRecoverer.class);

	private static final LogAccessor headerLog = new LogAccessor(DeadLetterRecoverer.class);

	private final DeadLetterPublishingRecoverer publisher;

	private final DeadLetterLedger ledger;

	private final AuditTrail audit;

	private final DeadLetterCounters counters;

	DeadLetterRecoverer(KafkaOperations<?, ?> kafka, DeadLetterLedger ledger, AuditTrail audit,
			DeadLetterCounters counters) {
		this.ledger = ledger;
		this.audit = audit;
		this.counters = counters;
		this.publisher = new DeadLetterPublishingRecoverer(kafka,
				(record, failure) -> new TopicPartition(record.topic() + "-dlt", -1));
		this.publisher.setHeadersFunction((record, failure) -> {
			RecordHeaders headers = new RecordHeaders();
			headers.add(REASON_HEADER, reason(record, failure).getBytes(StandardCharsets.UTF_8));
			return headers;
		});
		this.publisher.setFailIfSendResultIsError(true);
	}

	@Override
	public void accept(ConsumerRecord<?, ?> record, Exception failure) {
		String reason = reason(record, failure);
		String key = shownKey(record);
		boolean now = this.ledger.once(record, () -> {
			logger.warn("Dead-lettering {}-{}@{} (key {}): {}", record.topic(), record.partition(), record.offset(),
					key, reason);
			this.publisher.accept(record, failure);
		});
		if (!now) {
			logger.info("{}-{}@{} (key {}) " + SEEN_AGAIN + ", not again: {}", record.topic(), record.partition(),
					record.offset(), key, reason);
			return;
		}
		this.counters.increment(record.topic());
		this.audit.record(record.topic(), "dead-lettered", this.audit.source(), reason, Map.of("partition",
				String.valueOf(record.partition()), "offset", String.valueOf(record.offset()), "key", key));
	}

	/**
	 * An invalid key is the reason, when there is one: its value is then left unread, and
	 * a listener reports that first.
	 */
	private static String reason(ConsumerRecord<?, ?> record, Exception failure) {
		DeserializationException key = keyFailure(record);
		return FailureReason.of((key != null) ? key : failure);
	}

	/** The key as written, also when it is the part that was refused. */
	private static String shownKey(ConsumerRecord<?, ?> record) {
		if (record.key() != null) {
			return String.valueOf(record.key());
		}
		DeserializationException key = keyFailure(record);
		return (key != null && key.getData() != null) ? new String(key.getData(), StandardCharsets.UTF_8) : "null";
	}

	private static DeserializationException keyFailure(ConsumerRecord<?, ?> record) {
		return SerializationUtils.getExceptionFromHeader(record, SerializationUtils.KEY_DESERIALIZER_EXCEPTION_HEADER,
				headerLog);
	}

}
