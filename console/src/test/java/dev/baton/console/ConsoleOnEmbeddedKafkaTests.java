package dev.baton.console;

import org.springframework.kafka.test.condition.EmbeddedKafkaCondition;
import org.springframework.kafka.test.context.EmbeddedKafka;

/**
 * The console's integration tests on Spring Kafka's embedded KRaft broker: a real broker
 * in this JVM, no Docker needed.
 */
@EmbeddedKafka(partitions = 3)
class ConsoleOnEmbeddedKafkaTests extends ConsoleIntegrationTests {

	@Override
	String bootstrapServers() {
		return EmbeddedKafkaCondition.getBroker().getBrokersAsString();
	}

}
