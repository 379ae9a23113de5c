package dev.baton.nginx;

import org.springframework.kafka.test.condition.EmbeddedKafkaCondition;
import org.springframework.kafka.test.context.EmbeddedKafka;

/**
 * The progressive delivery tests on Spring Kafka's embedded KRaft broker.
 */
@EmbeddedKafka(partitions = 3)
class ProgressiveDeliveryOnEmbeddedKafkaTests extends ProgressiveDeliveryIntegrationTests {

	@Override
	String bootstrapServers() {
		return EmbeddedKafkaCondition.getBroker().getBrokersAsString();
	}

}
