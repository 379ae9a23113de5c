package dev.baton.sample;

import java.util.List;
import java.util.concurrent.TimeUnit;

import org.apache.kafka.clients.consumer.ConsumerRecord;
import org.junit.jupiter.api.Test;
import tools.jackson.databind.JsonNode;
import tools.jackson.databind.json.JsonMapper;

import org.springframework.boot.builder.SpringApplicationBuilder;
import org.springframework.context.ConfigurableApplicationContext;
import org.springframework.kafka.test.condition.EmbeddedKafkaCondition;
import org.springframework.kafka.test.context.EmbeddedKafka;

import dev.baton.kafka.testing.TestKafka;

import static org.assertj.core.api.Assertions.assertThat;
import static org.awaitility.Awaitility.await;

/**
 * The sample app registers with Baton as the demo runs it, over Spring Kafka's embedded
 * KRaft broker.
 */
@EmbeddedKafka(partitions = 3, topics = "baton.registrations")
class SampleAppRegistrationTests {

	private final JsonMapper json = JsonMapper.builder().build();

	@Test
	void registersAsServiceSampleWithTheVersionItRunsAndLeavesOnShutdown() {
		String bootstrapServers = EmbeddedKafkaCondition.getBroker().getBrokersAsString();
		ConfigurableApplicationContext app = new SpringApplicationBuilder(SampleApplication.class).run(
				"--server.port=0", "--sample.version=v5", "--spring.kafka.bootstrap-servers=" + bootstrapServers,
				"--baton.client.instance-id=sample-1");
		String port = app.getEnvironment().getProperty("local.server.port");
		try (TestKafka kafka = new TestKafka(bootstrapServers)) {
			await().atMost(30, TimeUnit.SECONDS).until(() -> kafka.readAll("baton.registrations").size() == 1);
			JsonNode registered = this.json.readTree(kafka.readAll("baton.registrations").get(0).value());
			assertThat(registered.get("type").asString()).isEqualTo("InstanceRegistered");
			assertThat(registered.get("service").asString()).isEqualTo("sample");
			assertThat(registered.get("instanceId").asString()).isEqualTo("sample-1");
			assertThat(registered.get("version").asString()).isEqualTo("v5");
			assertThat(registered.get("port").asString()).isEqualTo(port).isNotEqualTo("8081");
			assertThat(registered.get("healthPath").asString()).isEqualTo("/health");

			app.close();

			List<ConsumerRecord<String, String>> records = kafka.readAll("baton.registrations");
			assertThat(records).hasSize(2);
			JsonNode left = this.json.readTree(records.get(1).value());
			assertThat(left.get("type").asString()).isEqualTo("InstanceDeregistered");
			assertThat(left.get("instanceId").asString()).isEqualTo("sample-1");
		}
	}

}
