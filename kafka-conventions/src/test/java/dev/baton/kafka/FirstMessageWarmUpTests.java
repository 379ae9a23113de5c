package dev.baton.kafka;

import java.time.Duration;
import java.util.List;
import java.util.concurrent.CopyOnWriteArrayList;

import org.apache.kafka.clients.producer.Producer;
import org.junit.jupiter.api.Test;

import org.springframework.beans.factory.annotation.Autowired;
import org.springframework.boot.SpringBootConfiguration;
import org.springframework.boot.autoconfigure.EnableAutoConfiguration;
import org.springframework.boot.kafka.autoconfigure.DefaultKafkaProducerFactoryCustomizer;
import org.springframework.boot.test.context.SpringBootTest;
import org.springframework.context.annotation.Bean;
import org.springframework.kafka.core.DefaultKafkaProducerFactory;
import org.springframework.kafka.core.KafkaAdmin;
import org.springframework.kafka.core.ProducerFactory;
import org.springframework.kafka.test.context.EmbeddedKafka;

import dev.baton.contracts.Topic;

import static org.assertj.core.api.Assertions.assertThat;
import static org.awaitility.Awaitility.await;

/**
 * A service's producer exists, connected, before it sends anything: its first message is
 * not the one that pays for creating it.
 */
@SpringBootTest(properties = { "spring.kafka.bootstrap-servers=${spring.embedded.kafka.brokers}",
		"spring.main.web-application-type=none" })
@EmbeddedKafka(partitions = 1)
class FirstMessageWarmUpTests {

	@Autowired
	private CreatedProducers created;

	@Test
	void createsTheProducerOnceTheServiceIsReadyWithoutSendingAnything() {
		await().atMost(Duration.ofSeconds(30)).until(() -> !this.created.ids.isEmpty());

		assertThat(this.created.ids).singleElement().asString().contains("producer");
	}

	@SpringBootConfiguration
	@EnableAutoConfiguration
	static class Service {

		@Bean
		KafkaAdmin.NewTopics steps(TopicDeclarations declarations) {
			return declarations.declare(Topic.DEPLOY_STEPS);
		}

		@Bean
		CreatedProducers createdProducers() {
			return new CreatedProducers();
		}

		@Bean
		@SuppressWarnings("unchecked")
		DefaultKafkaProducerFactoryCustomizer recordCreatedProducers(CreatedProducers created) {
			return (factory) -> ((DefaultKafkaProducerFactory<Object, Object>) factory).addListener(created);
		}

	}

	static class CreatedProducers implements ProducerFactory.Listener<Object, Object> {

		final List<String> ids = new CopyOnWriteArrayList<>();

		@Override
		public void producerAdded(String id, Producer<Object, Object> producer) {
			this.ids.add(id);
		}

	}

}
