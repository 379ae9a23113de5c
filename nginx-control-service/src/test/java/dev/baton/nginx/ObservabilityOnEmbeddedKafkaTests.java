package dev.baton.nginx;

import org.springframework.kafka.test.condition.EmbeddedKafkaCondition;
import org.springframework.kafka.test.context.EmbeddedKafka;

/**
 * The observability tests on Spring Kafka's embedded KRaft broker.
 */
@EmbeddedKafka(partitions = 3)
class ObservabilityOnEmbeddedKafkaTests extends ObservabilityIntegrationTests {

	@Override
	String bootstrapServers() {
		return EmbeddedKafkaCondition.getBroker().getBrokersAsString();
	}

}
