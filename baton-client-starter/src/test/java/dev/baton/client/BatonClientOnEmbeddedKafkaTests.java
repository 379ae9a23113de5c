package dev.baton.client;

import org.springframework.kafka.test.EmbeddedKafkaBroker;
import org.springframework.kafka.test.condition.EmbeddedKafkaCondition;
import org.springframework.kafka.test.context.EmbeddedKafka;

/**
 * The starter against Spring Kafka's embedded KRaft broker.
 */
@EmbeddedKafka(partitions = 3)
class BatonClientOnEmbeddedKafkaTests extends BatonClientIntegrationTests {

	@Override
	String bootstrapServers() {
		EmbeddedKafkaBroker broker = EmbeddedKafkaCondition.getBroker();
		return broker.getBrokersAsString();
	}

}
