package dev.baton.cli;

import org.springframework.kafka.test.condition.EmbeddedKafkaCondition;
import org.springframework.kafka.test.context.EmbeddedKafka;

/**
 * The nodes commands' tests on Spring Kafka's embedded KRaft broker.
 */
@EmbeddedKafka(partitions = 3)
class NodesOnEmbeddedKafkaTests extends NodesIntegrationTests {

	@Override
	String bootstrapServers() {
		return EmbeddedKafkaCondition.getBroker().getBrokersAsString();
	}

}
