package dev.baton.health.it;

import org.springframework.kafka.test.EmbeddedKafkaBroker;
import org.springframework.kafka.test.condition.EmbeddedKafkaCondition;
import org.springframework.kafka.test.context.EmbeddedKafka;

/**
 * The integration tests on Spring Kafka's embedded KRaft broker.
 */
@EmbeddedKafka(partitions = 3)
class HealthServiceOnEmbeddedKafkaTests extends HealthServiceIntegrationTests {

	@Override
	protected String bootstrapServers() {
		EmbeddedKafkaBroker broker = EmbeddedKafkaCondition.getBroker();
		return broker.getBrokersAsString();
	}

}
