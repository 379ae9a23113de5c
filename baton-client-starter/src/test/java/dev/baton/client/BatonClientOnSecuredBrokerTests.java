package dev.baton.client;

import java.nio.file.Path;
import java.time.Duration;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.concurrent.TimeUnit;

import org.apache.kafka.clients.admin.Admin;
import org.apache.kafka.clients.admin.NewTopic;
import org.apache.kafka.clients.consumer.ConsumerConfig;
import org.apache.kafka.clients.consumer.ConsumerRecord;
import org.apache.kafka.clients.consumer.KafkaConsumer;
import org.apache.kafka.common.TopicPartition;
import org.apache.kafka.common.acl.AccessControlEntry;
import org.apache.kafka.common.acl.AclBinding;
import org.apache.kafka.common.acl.AclOperation;
import org.apache.kafka.common.acl.AclPermissionType;
import org.apache.kafka.common.resource.PatternType;
import org.apache.kafka.common.resource.ResourcePattern;
import org.apache.kafka.common.resource.ResourceType;
import org.apache.kafka.common.serialization.StringDeserializer;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

import org.springframework.boot.builder.SpringApplicationBuilder;
import org.springframework.context.ConfigurableApplicationContext;

import dev.baton.kafka.testing.SecuredBroker;

import static org.assertj.core.api.Assertions.assertThat;
import static org.awaitility.Awaitility.await;

/**
 * An app reaches a cluster that authenticates every client with the Kafka settings it
 * gives its own Spring Kafka clients, as a principal that may write registrations and
 * nothing else.
 */
class BatonClientOnSecuredBrokerTests {

	private static final String TOPIC = "secured.registrations";

	@TempDir
	static Path directory;

	static SecuredBroker broker;

	@BeforeAll
	static void startBrokerWithAnAppPrincipal() throws Exception {
		broker = SecuredBroker.start(directory);
		broker.user("orders-app", "orders-app-password");
		try (Admin admin = Admin.create(broker.admin())) {
			admin.createTopics(List.of(new NewTopic(TOPIC, 1, (short) 1))).all().get(30, TimeUnit.SECONDS);
			ResourcePattern registrations = new ResourcePattern(ResourceType.TOPIC, TOPIC, PatternType.LITERAL);
			admin
				.createAcls(
						List.of(allow(registrations, AclOperation.WRITE), allow(registrations, AclOperation.DESCRIBE)))
				.all()
				.get(30, TimeUnit.SECONDS);
		}
	}

	@AfterAll
	static void stopBroker() {
		if (broker != null) {
			broker.close();
		}
	}

	@Test
	void registersThroughSaslWithTheAppsOwnKafkaSettings() {
		try (ConfigurableApplicationContext app = start("orders-app-password")) {
			await().atMost(Duration.ofSeconds(30)).until(() -> !registrations().isEmpty());
			assertThat(registrations()).singleElement()
				.satisfies((record) -> assertThat(record.value()).contains("\"type\":\"InstanceRegistered\"",
						"\"instanceId\":\"orders-secured\""));
		}
	}

	private static ConfigurableApplicationContext start(String password) {
		return new SpringApplicationBuilder(BatonClientIntegrationTests.MinimalApp.class)
			.properties("server.port=0", "server.address=127.0.0.1",
					"spring.kafka.bootstrap-servers=" + broker.clients(),
					"spring.kafka.security.protocol=SASL_PLAINTEXT",
					"spring.kafka.properties.sasl.mechanism=SCRAM-SHA-512",
					"spring.kafka.properties.sasl.jaas.config=org.apache.kafka.common.security.scram.ScramLoginModule"
							+ " required username=\"orders-app\" password=\"" + password + "\";",
					"baton.client.topic-prefix=secured.", "baton.client.service=orders", "baton.client.version=v1",
					"baton.client.instance-id=orders-secured", "baton.client.deregister-on-shutdown=false")
			.run();
	}

	private static List<ConsumerRecord<String, String>> registrations() {
		Map<String, Object> settings = new HashMap<>(broker.admin());
		settings.put(ConsumerConfig.ISOLATION_LEVEL_CONFIG, "read_committed");
		try (KafkaConsumer<String, String> consumer = new KafkaConsumer<>(settings, new StringDeserializer(),
				new StringDeserializer())) {
			TopicPartition partition = new TopicPartition(TOPIC, 0);
			consumer.assign(List.of(partition));
			consumer.seekToBeginning(List.of(partition));
			return consumer.poll(Duration.ofSeconds(2)).records(partition);
		}
	}

	private static AclBinding allow(ResourcePattern resource, AclOperation operation) {
		return new AclBinding(resource,
				new AccessControlEntry("User:orders-app", "*", operation, AclPermissionType.ALLOW));
	}

}
