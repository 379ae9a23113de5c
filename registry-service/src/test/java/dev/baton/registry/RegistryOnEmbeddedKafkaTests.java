package dev.baton.registry;

import org.springframework.kafka.test.condition.EmbeddedKafkaCondition;
import org.springframework.kafka.test.context.EmbeddedKafka;

/**
 * The registry's integration tests on Spring Kafka's embedded KRaft broker: a real broker
 * in this JVM, no Docker needed.
 */
@EmbeddedKafka(partitions = 3)
class RegistryOnEmbeddedKafkaTests extends RegistryIntegrationTests {

	@Override
	String bootstrapServers() {
		return EmbeddedKafkaCondition.getBroker().getBrokersAsString();
	}

}
