package dev.baton.client;

import org.testcontainers.junit.jupiter.Container;
import org.testcontainers.junit.jupiter.Testcontainers;
import org.testcontainers.kafka.KafkaContainer;

import dev.baton.kafka.testing.KafkaContainers;

/**
 * The starter against Apache Kafka in a container, where a Docker engine exists.
 */
@Testcontainers(disabledWithoutDocker = true)
class BatonClientOnTestcontainersKafkaTests extends BatonClientIntegrationTests {

	@Container
	static KafkaContainer kafka = KafkaContainers.apacheKafka();

	@Override
	String bootstrapServers() {
		return kafka.getBootstrapServers();
	}

}
