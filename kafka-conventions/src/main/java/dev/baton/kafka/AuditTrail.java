package dev.baton.kafka;

import java.util.Map;
import java.util.concurrent.CompletableFuture;

import org.springframework.kafka.core.KafkaOperations;

import dev.baton.contracts.Topic;
import dev.baton.contracts.audit.AuditRecorded;

/**
 * Publishes this service's entries of the audit trail: who did what, when and why.
 */
public class AuditTrail {

	private final KafkaOperations<String, Object> kafka;

	private final String topic;

	private final String source;

	public AuditTrail(KafkaOperations<String, Object> kafka, TopicNames names, String source) {
		this.kafka = kafka;
		this.topic = names.name(Topic.AUDIT);
		this.source = source;
	}

	/**
	 * Records an entry, keyed by its subject.
	 * @param subject what it is about
	 * @param action what happened
	 * @param actor who did it
	 * @param reason why
	 * @param details anything else worth keeping
	 * @return completes once the broker has the entry
	 */
	public CompletableFuture<?> record(String subject, String action, String actor, String reason,
			Map<String, String> details) {
		return this.kafka.send(this.topic, subject,
				new AuditRecorded(null, subject, action, actor, reason, this.source, details, null));
	}

	public String source() {
		return this.source;
	}

}
