package dev.baton.health.kafka;

import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

import org.springframework.kafka.core.KafkaOperations;

import dev.baton.contracts.Topic;
import dev.baton.contracts.health.VerdictIssued;
import dev.baton.health.verdict.VerdictSink;
import dev.baton.kafka.TopicNames;
import dev.baton.logging.LogContext;

/**
 * Publishes verdicts on {@code health.verdicts}, keyed by instance id so that one
 * instance's verdicts stay in order. A verdict that cannot be sent is logged; the next
 * change or re-statement carries the same truth.
 */
public class KafkaVerdictPublisher implements VerdictSink {

	private static final Logger logger = LoggerFactory.getLogger(KafkaVerdictPublisher.class);

	private final KafkaOperations<String, Object> kafka;

	private final String topic;

	public KafkaVerdictPublisher(KafkaOperations<String, Object> kafka, TopicNames names) {
		this.kafka = kafka;
		this.topic = names.name(Topic.HEALTH_VERDICTS);
	}

	@Override
	public void publish(VerdictIssued verdict) {
		LogContext.Carried caller = LogContext.carry();
		this.kafka.send(this.topic, verdict.instanceId().value(), verdict).whenComplete((result, failure) -> {
			if (failure != null) {
				caller.run(() -> logger.warn("Could not publish verdict {} for {}: {}", verdict.status(),
						verdict.instanceId(), failure.getMessage()));
			}
		});
	}

}
