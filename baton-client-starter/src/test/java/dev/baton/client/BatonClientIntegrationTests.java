package dev.baton.client;

import java.util.List;
import java.util.Map;
import java.util.UUID;
import java.util.concurrent.TimeUnit;

import org.apache.kafka.clients.admin.Admin;
import org.apache.kafka.clients.admin.AdminClientConfig;
import org.apache.kafka.clients.admin.NewTopic;
import org.apache.kafka.clients.consumer.ConsumerRecord;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import tools.jackson.databind.JsonNode;
import tools.jackson.databind.json.JsonMapper;

import org.springframework.boot.SpringBootConfiguration;
import org.springframework.boot.autoconfigure.EnableAutoConfiguration;
import org.springframework.boot.builder.SpringApplicationBuilder;
import org.springframework.context.ConfigurableApplicationContext;

import dev.baton.kafka.testing.TestKafka;

import static org.assertj.core.api.Assertions.assertThat;
import static org.awaitility.Awaitility.await;

/**
 * A minimal web app with the starter registers over a real broker when ready and
 * deregisters when closed. Subclasses say which broker.
 */
abstract class BatonClientIntegrationTests {

	private final JsonMapper json = JsonMapper.builder().build();

	private String prefix;

	abstract String bootstrapServers();

	@BeforeEach
	void createRegistrationsTopic() throws Exception {
		this.prefix = "t" + UUID.randomUUID().toString().substring(0, 8) + ".";
		try (Admin admin = Admin.create(Map.of(AdminClientConfig.BOOTSTRAP_SERVERS_CONFIG, bootstrapServers()))) {
			admin.createTopics(List.of(new NewTopic(registrations(), 3, (short) 1))).all().get(30, TimeUnit.SECONDS);
		}
	}

	@Test
	void registersWhenReadyAndDeregistersBeforeTheWebServerStops() {
		ConfigurableApplicationContext app = start("baton.client.instance-id=orders-1");
		int port = Integer.parseInt(app.getEnvironment().getProperty("local.server.port"));
		try (TestKafka kafka = new TestKafka(bootstrapServers())) {
			await().atMost(30, TimeUnit.SECONDS).until(() -> kafka.readAll(registrations()).size() == 1);
			ConsumerRecord<String, String> registered = kafka.readAll(registrations()).get(0);
			assertThat(registered.key()).isEqualTo("orders");
			JsonNode body = this.json.readTree(registered.value());
			assertThat(body.get("type").asString()).isEqualTo("InstanceRegistered");
			assertThat(body.get("service").asString()).isEqualTo("orders");
			assertThat(body.get("instanceId").asString()).isEqualTo("orders-1");
			assertThat(body.get("host").asString()).isEqualTo("127.0.0.1");
			assertThat(body.get("port").asInt()).isEqualTo(port);
			assertThat(body.get("version").asString()).isEqualTo("v1");
			assertThat(body.get("healthPath").asString()).isEqualTo("/health");

			app.close();

			List<ConsumerRecord<String, String>> records = kafka.readAll(registrations());
			assertThat(records).hasSize(2);
			assertThat(records.get(1).key()).isEqualTo("orders");
			JsonNode left = this.json.readTree(records.get(1).value());
			assertThat(left.get("type").asString()).isEqualTo("InstanceDeregistered");
			assertThat(left.get("instanceId").asString()).isEqualTo("orders-1");
			assertThat(left.get("port").asInt()).isEqualTo(port);
		}
	}

	@Test
	void staysRegisteredOnShutdownWhenTheDeployerRestartsItInPlace() {
		ConfigurableApplicationContext app = start("baton.client.deregister-on-shutdown=false");
		int port = Integer.parseInt(app.getEnvironment().getProperty("local.server.port"));
		try (TestKafka kafka = new TestKafka(bootstrapServers())) {
			await().atMost(30, TimeUnit.SECONDS).until(() -> kafka.readAll(registrations()).size() == 1);

			app.close();

			List<ConsumerRecord<String, String>> records = kafka.readAll(registrations());
			assertThat(records).singleElement()
				.satisfies((record) -> assertThat(this.json.readTree(record.value()).get("instanceId").asString())
					.isEqualTo("orders-127.0.0.1-" + port));
		}
	}

	private ConfigurableApplicationContext start(String... extra) {
		return new SpringApplicationBuilder(MinimalApp.class)
			.properties("server.port=0", "server.address=127.0.0.1",
					"spring.kafka.bootstrap-servers=" + bootstrapServers(), "baton.client.topic-prefix=" + this.prefix,
					"baton.client.service=orders", "baton.client.version=v1")
			.properties(extra)
			.run();
	}

	private String registrations() {
		return this.prefix + "registrations";
	}

	@SpringBootConfiguration
	@EnableAutoConfiguration
	static class MinimalApp {

	}

}
