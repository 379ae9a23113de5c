package dev.baton.health.it;

import org.testcontainers.junit.jupiter.Container;
import org.testcontainers.junit.jupiter.Testcontainers;
import org.testcontainers.kafka.KafkaContainer;

import dev.baton.kafka.testing.KafkaContainers;

/**
 * The integration tests on a Kafka container, where a Docker engine exists.
 */
@Testcontainers(disabledWithoutDocker = true)
class HealthServiceOnTestcontainersKafkaTests extends HealthServiceIntegrationTests {

	@Container
	static KafkaContainer kafka = KafkaContainers.apacheKafka();

	@Override
	protected String bootstrapServers() {
		return kafka.getBootstrapServers();
	}

}
