package dev.baton.deployer.acceptance;

import org.testcontainers.junit.jupiter.Container;
import org.testcontainers.junit.jupiter.Testcontainers;
import org.testcontainers.kafka.KafkaContainer;

import dev.baton.kafka.testing.KafkaContainers;

/**
 * The deployer's acceptance tests on Apache Kafka in a container, where a Docker engine
 * exists; skipped otherwise.
 */
@Testcontainers(disabledWithoutDocker = true)
class DeployerOnTestcontainersKafkaTests extends DeployerIntegrationTests {

	@Container
	static KafkaContainer kafka = KafkaContainers.apacheKafka();

	@Override
	String bootstrapServers() {
		return kafka.getBootstrapServers();
	}

}
