package dev.baton.cli;

import org.testcontainers.junit.jupiter.Container;
import org.testcontainers.junit.jupiter.Testcontainers;
import org.testcontainers.kafka.KafkaContainer;

import dev.baton.kafka.testing.KafkaContainers;

/**
 * The same tests on Apache Kafka in a container, where a Docker engine exists.
 */
@Testcontainers(disabledWithoutDocker = true)
class NodesOnTestcontainersKafkaTests extends NodesIntegrationTests {

	@Container
	static final KafkaContainer kafka = KafkaContainers.apacheKafka();

	@Override
	String bootstrapServers() {
		return kafka.getBootstrapServers();
	}

}
