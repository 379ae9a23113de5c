package dev.baton.deployer.acceptance;

import org.springframework.kafka.test.condition.EmbeddedKafkaCondition;
import org.springframework.kafka.test.context.EmbeddedKafka;

/**
 * The deployer's acceptance tests on Spring Kafka's embedded KRaft broker: a real broker
 * in this JVM, no Docker needed.
 */
@EmbeddedKafka(partitions = 3)
class DeployerOnEmbeddedKafkaTests extends DeployerIntegrationTests {

	@Override
	String bootstrapServers() {
		return EmbeddedKafkaCondition.getBroker().getBrokersAsString();
	}

}
