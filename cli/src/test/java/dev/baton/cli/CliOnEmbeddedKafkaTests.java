package dev.baton.cli;

import org.springframework.kafka.test.condition.EmbeddedKafkaCondition;
import org.springframework.kafka.test.context.EmbeddedKafka;

/**
 * The CLI's tests on Spring Kafka's embedded KRaft broker.
 */
@EmbeddedKafka(partitions = 3)
class CliOnEmbeddedKafkaTests extends CliIntegrationTests {

	@Override
	String bootstrapServers() {
		return EmbeddedKafkaCondition.getBroker().getBrokersAsString();
	}

}
