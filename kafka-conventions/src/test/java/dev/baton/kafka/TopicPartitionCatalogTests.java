package dev.baton.kafka;

import java.util.List;

import org.apache.kafka.clients.admin.Admin;
import org.apache.kafka.clients.admin.NewTopic;
import org.junit.jupiter.api.Test;

import org.springframework.beans.factory.annotation.Autowired;
import org.springframework.boot.SpringBootConfiguration;
import org.springframework.boot.autoconfigure.EnableAutoConfiguration;
import org.springframework.boot.test.context.SpringBootTest;
import org.springframework.kafka.core.KafkaAdmin;
import org.springframework.kafka.test.context.EmbeddedKafka;

import dev.baton.contracts.Topic;

import static org.assertj.core.api.Assertions.assertThat;

/**
 * The partitions a reader by assignment is given are the topic's own, whether the topic
 * already exists or the reader is the first to need it.
 */
@SpringBootTest(properties = { "spring.kafka.bootstrap-servers=${spring.embedded.kafka.brokers}",
		"spring.main.web-application-type=none", "spring.application.name=catalog-service",
		"spring.kafka.admin.auto-create=false" })
@EmbeddedKafka(partitions = 1)
class TopicPartitionCatalogTests {

	@Autowired
	private TopicPartitionCatalog catalog;

	@Autowired
	private TopicNames names;

	@Autowired
	private KafkaAdmin admin;

	@Test
	void declaresAMissingTopicWithItsContractsPartitionsAndListsThem() throws Exception {
		String[] partitions = this.catalog.of(Topic.DEPLOY_STEPS);

		try (Admin client = Admin.create(this.admin.getConfigurationProperties())) {
			String name = this.names.name(Topic.DEPLOY_STEPS);
			int declared = client.describeTopics(List.of(name)).allTopicNames().get().get(name).partitions().size();
			assertThat(partitions).hasSize(declared).contains("0");
		}
	}

	@Test
	void listsEveryPartitionOfATopicThatAlreadyExists() throws Exception {
		String name = this.names.name(Topic.REGISTRATIONS);
		try (Admin client = Admin.create(this.admin.getConfigurationProperties())) {
			client.createTopics(List.of(new NewTopic(name, 5, (short) 1))).all().get();
		}

		assertThat(this.catalog.of(Topic.REGISTRATIONS)).containsExactlyInAnyOrder("0", "1", "2", "3", "4");
	}

	@SpringBootConfiguration
	@EnableAutoConfiguration
	static class Service {

	}

}
