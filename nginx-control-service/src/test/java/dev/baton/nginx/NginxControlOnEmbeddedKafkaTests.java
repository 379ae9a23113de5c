package dev.baton.nginx;

import org.springframework.kafka.test.condition.EmbeddedKafkaCondition;
import org.springframework.kafka.test.context.EmbeddedKafka;

/**
 * nginx-control's acceptance tests on Spring Kafka's embedded KRaft broker: a real broker
 * in this JVM, no Docker needed.
 */
@EmbeddedKafka(partitions = 3)
class NginxControlOnEmbeddedKafkaTests extends NginxControlIntegrationTests {

	@Override
	String bootstrapServers() {
		return EmbeddedKafkaCondition.getBroker().getBrokersAsString();
	}

}
