package dev.baton.kafka;

import java.time.Duration;
import java.util.List;
import java.util.Map;
import java.util.concurrent.CopyOnWriteArrayList;

import org.apache.kafka.clients.admin.Admin;
import org.apache.kafka.clients.admin.AdminClientConfig;
import org.apache.kafka.clients.consumer.OffsetAndMetadata;
import org.apache.kafka.common.TopicPartition;
import org.junit.jupiter.api.Test;

import org.springframework.beans.factory.annotation.Autowired;
import org.springframework.beans.factory.annotation.Value;
import org.springframework.boot.SpringBootConfiguration;
import org.springframework.boot.autoconfigure.EnableAutoConfiguration;
import org.springframework.boot.test.context.SpringBootTest;
import org.springframework.context.annotation.Bean;
import org.springframework.kafka.annotation.KafkaListener;
import org.springframework.kafka.config.KafkaListenerEndpointRegistry;
import org.springframework.kafka.core.KafkaTemplate;
import org.springframework.kafka.test.context.EmbeddedKafka;

import dev.baton.contracts.Topic;
import dev.baton.contracts.audit.AuditRecorded;

import static org.assertj.core.api.Assertions.assertThat;
import static org.awaitility.Awaitility.await;

/**
 * A listener's next record does not wait for the broker to confirm the offsets of the one
 * before, and the offsets are still committed: a restarted service resumes after what it
 * handled.
 */
@SpringBootTest(properties = { "spring.kafka.bootstrap-servers=${spring.embedded.kafka.brokers}",
		"spring.main.web-application-type=none" })
@EmbeddedKafka(partitions = 1)
class ListenerCommitsTests {

	private static final String GROUP = "commits-test";

	@Autowired
	private KafkaListenerEndpointRegistry listeners;

	@Autowired
	private KafkaTemplate<String, Object> kafka;

	@Autowired
	private TopicNames names;

	@Autowired
	private Handled handled;

	@Value("${spring.embedded.kafka.brokers}")
	private String brokers;

	@Test
	void commitsOffsetsWithoutWaitingForTheBroker() throws Exception {
		assertThat(this.listeners.getListenerContainer(GROUP).getContainerProperties().isSyncCommits()).isFalse();

		String topic = this.names.name(Topic.AUDIT);
		for (int i = 0; i < 3; i++) {
			this.kafka
				.send(topic, "subject-" + i,
						new AuditRecorded(null, "subject-" + i, "test", "tester", "", "test", Map.of(), null))
				.get();
		}

		// The service records its own start on the same topic, whenever it is ready.
		await().atMost(Duration.ofSeconds(30)).until(() -> sent().size() == 3);
		try (Admin admin = Admin.create(Map.of(AdminClientConfig.BOOTSTRAP_SERVERS_CONFIG, this.brokers))) {
			await().atMost(Duration.ofSeconds(30)).until(() -> committed(admin, topic) == this.handled.subjects.size());
		}
		assertThat(sent()).containsExactly("subject-0", "subject-1", "subject-2");
	}

	private List<String> sent() {
		return this.handled.subjects.stream().filter((subject) -> subject.startsWith("subject-")).toList();
	}

	private static long committed(Admin admin, String topic) throws Exception {
		Map<TopicPartition, OffsetAndMetadata> offsets = admin.listConsumerGroupOffsets(GROUP)
			.partitionsToOffsetAndMetadata()
			.get();
		return offsets.entrySet()
			.stream()
			.filter((entry) -> entry.getKey().topic().equals(topic))
			.mapToLong((entry) -> entry.getValue().offset())
			.sum();
	}

	@SpringBootConfiguration
	@EnableAutoConfiguration
	static class Service {

		@Bean
		Handled handled() {
			return new Handled();
		}

	}

	static class Handled {

		final List<String> subjects = new CopyOnWriteArrayList<>();

		@KafkaListener(id = GROUP, groupId = GROUP,
				topics = "#{@batonTopicNames.name(T(dev.baton.contracts.Topic).AUDIT)}")
		void on(AuditRecorded recorded) {
			this.subjects.add(recorded.subject());
		}

	}

}
