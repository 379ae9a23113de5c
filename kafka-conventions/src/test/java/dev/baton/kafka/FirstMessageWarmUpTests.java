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
import org.springframework.kafka.annotation.KafkaListener;
import org.springframework.kafka.core.ProducerFactory;
import org.springframework.kafka.test.context.EmbeddedKafka;

import dev.baton.contracts.Topic;
import dev.baton.contracts.audit.AuditRecorded;

import static org.assertj.core.api.Assertions.assertThat;
import static org.awaitility.Awaitility.await;

/**
 * A service's producer exists, connected, and has sent its first record (the service's
 * start, in the audit trail) before the service sends anything: its first message is not
 * the one that pays for creating it.
 */
@SpringBootTest(properties = { "spring.kafka.bootstrap-servers=${spring.embedded.kafka.brokers}",
		"spring.main.web-application-type=none", "spring.application.name=warm-service" })
@EmbeddedKafka(partitions = 1)
class FirstMessageWarmUpTests {

	@Autowired
	private CreatedProducers created;

	@Autowired
	private Audits audits;

	@Test
	void createsTheProducerAndRecordsTheServiceStartOnceTheServiceIsReady() {
		await().atMost(Duration.ofSeconds(30)).until(() -> !this.audits.recorded.isEmpty());

		assertThat(this.audits.recorded).singleElement().satisfies((recorded) -> {
			assertThat(recorded.action()).isEqualTo("service.started");
			assertThat(recorded.subject()).isEqualTo("warm-service");
		});

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
		Audits audits() {
			return new Audits();
		}

		@Bean
		@SuppressWarnings("unchecked")
		DefaultKafkaProducerFactoryCustomizer recordCreatedProducers(CreatedProducers created) {
			return (factory) -> ((DefaultKafkaProducerFactory<Object, Object>) factory).addListener(created);
		}

	}

	static class Audits {

		final List<AuditRecorded> recorded = new CopyOnWriteArrayList<>();

		@KafkaListener(id = "warm-up-audits", topics = "#{@batonTopicNames.name(T(dev.baton.contracts.Topic).AUDIT)}")
		void on(AuditRecorded entry) {
			this.recorded.add(entry);
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
