package dev.baton.deployer.acceptance;

import org.springframework.kafka.test.condition.EmbeddedKafkaCondition;
import org.springframework.kafka.test.context.EmbeddedKafka;

/**
 * The controls, rollbacks, plans, bakes and canaries on Spring Kafka's embedded KRaft
 * broker.
 */
@EmbeddedKafka(partitions = 3)
class ControlAndCanaryOnEmbeddedKafkaTests extends ControlAndCanaryIntegrationTests {

	@Override
	String bootstrapServers() {
		return EmbeddedKafkaCondition.getBroker().getBrokersAsString();
	}

}
