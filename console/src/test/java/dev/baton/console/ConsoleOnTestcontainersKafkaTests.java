package dev.baton.console;

import org.testcontainers.junit.jupiter.Container;
import org.testcontainers.junit.jupiter.Testcontainers;
import org.testcontainers.kafka.KafkaContainer;

import dev.baton.kafka.testing.KafkaContainers;

/**
 * The same integration tests on Apache Kafka in a container, where a Docker engine
 * exists; skipped cleanly where none does.
 */
@Testcontainers(disabledWithoutDocker = true)
class ConsoleOnTestcontainersKafkaTests extends ConsoleIntegrationTests {

	@Container
	static final KafkaContainer kafka = KafkaContainers.apacheKafka();

	@Override
	String bootstrapServers() {
		return kafka.getBootstrapServers();
	}

}
