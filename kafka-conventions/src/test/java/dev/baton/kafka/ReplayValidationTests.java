package dev.baton.kafka;

import java.nio.ByteBuffer;
import java.time.Duration;
import java.time.Instant;
import java.util.Comparator;
import java.util.List;
import java.util.concurrent.CopyOnWriteArrayList;

import org.apache.kafka.clients.consumer.ConsumerRecord;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;

import org.springframework.beans.factory.annotation.Autowired;
import org.springframework.beans.factory.annotation.Value;
import org.springframework.boot.SpringBootConfiguration;
import org.springframework.boot.autoconfigure.EnableAutoConfiguration;
import org.springframework.boot.test.context.SpringBootTest;
import org.springframework.context.annotation.Bean;
import org.springframework.kafka.annotation.KafkaListener;
import org.springframework.kafka.config.KafkaListenerEndpointRegistry;
import org.springframework.kafka.core.ConsumerFactory;
import org.springframework.kafka.test.context.EmbeddedKafka;

import dev.baton.contracts.Topic;
import dev.baton.contracts.deploy.DeployStep;
import dev.baton.kafka.testing.TestKafka;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatIllegalStateException;
import static org.awaitility.Awaitility.await;

/**
 * A replayed record passes the checks a live one passes: one that is unreadable, has a
 * key its topic does not allow, or that the handler rejects, is skipped and dead-lettered
 * with its reason, once, whether replays or listeners meet it again; anything else the
 * handler throws still stops the replay.
 */
@SpringBootTest(properties = { "spring.kafka.bootstrap-servers=${spring.embedded.kafka.brokers}",
		"spring.main.web-application-type=none" })
@EmbeddedKafka(partitions = 1,
		topics = { "baton.nginx.commands", "baton.registry.state", "baton.deploy.steps", "baton.health.verdicts" })
class ReplayValidationTests {

	private static final Duration WAIT = Duration.ofSeconds(30);

	private static final String STEPS_LISTENER = "replay-test-steps";

	@Autowired
	private CompactedTopicReader reader;

	@Autowired
	private ConsumerFactory<String, Object> consumers;

	@Autowired
	private KafkaListenerEndpointRegistry listeners;

	@Autowired
	private Steps steps;

	@Value("${spring.embedded.kafka.brokers}")
	private String brokers;

	private TestKafka kafka;

	@BeforeEach
	void openKafka() {
		this.kafka = new TestKafka(this.brokers);
	}

	@AfterEach
	void closeKafka() {
		this.kafka.close();
	}

	@Test
	void skipsAndDeadLettersOnceEachRecordThatIsUnreadableHasABadKeyOrIsRejectedAndGoesOn() {
		String topic = "baton.nginx.commands";
		this.kafka.send(topic, "x/DEPLOY", gate(1));
		this.kafka.send(topic, "orders/127.0.0.1:2/ADMIN", "this is not json");
		this.kafka.send(topic, "orders/127.0.0.1:3/ADMIN", gate(3));
		this.kafka.send(topic, "orders/127.0.0.1:4/ADMIN", gate(4));
		this.kafka.send(topic, "orders/127.0.0.1:5/ADMIN", gate(5));
		this.kafka.send(topic, "orders/127.0.0.1:6/ADMIN", gate(6));
		List<String> handled = new CopyOnWriteArrayList<>();

		for (int start = 0; start < 2; start++) {
			long read = this.reader.readToEnd(Topic.NGINX_COMMANDS, (key, value) -> {
				switch (key) {
					case "orders/127.0.0.1:3/ADMIN" -> throw new IllegalArgumentException("peer 3 is not ours");
					case "orders/127.0.0.1:4/ADMIN" -> throw new RejectedMessageException("peer 4 was removed");
					case "orders/127.0.0.1:5/ADMIN" -> ((DeployStep) value).deployId();
					default -> handled.add(key);
				}
			});
			assertThat(read).isEqualTo(1);
		}

		assertThat(handled).containsExactly("orders/127.0.0.1:6/ADMIN", "orders/127.0.0.1:6/ADMIN");
		// in the order the replay met them, whichever dead-letter partition each went to
		List<ConsumerRecord<String, byte[]>> letters = this.kafka.readAllBytes(topic + "-dlt")
			.stream()
			.sorted(Comparator.comparingLong(ReplayValidationTests::originalOffset))
			.toList();
		assertThat(letters).extracting(ConsumerRecord::key)
			.containsExactly("x/DEPLOY", "orders/127.0.0.1:2/ADMIN", "orders/127.0.0.1:3/ADMIN",
					"orders/127.0.0.1:4/ADMIN", "orders/127.0.0.1:5/ADMIN");
		assertThat(letters).extracting((letter) -> TestKafka.header(letter, DeadLetterRecoverer.REASON_HEADER))
			.satisfiesExactly((reason) -> assertThat(reason).contains("gate key must be service/host:port/GATE"),
					(reason) -> assertThat(reason).contains("Unrecognized token"),
					(reason) -> assertThat(reason).isEqualTo("IllegalArgumentException: peer 3 is not ours"),
					(reason) -> assertThat(reason).isEqualTo("RejectedMessageException: peer 4 was removed"),
					(reason) -> assertThat(reason).startsWith("ClassCastException"));
		assertThat(new String(letters.get(0).value())).isEqualTo(gate(1));
		assertThat(new String(letters.get(1).value())).isEqualTo("this is not json");
		assertThat(TestKafka.header(letters.get(0), "kafka_dlt-key-exception-fqcn")).isNotNull();
		assertThat(letters)
			.allSatisfy((letter) -> assertThat(TestKafka.header(letter, "kafka_dlt-original-topic")).isEqualTo(topic));
		await().atMost(WAIT).untilAsserted(() -> assertThat(deadLetterAudits(topic)).hasSize(5));
	}

	@Test
	void aServiceStartedAgainKnowsFromTheDeadLetterTopicWhatWasDeadLetteredBefore() {
		String topic = "baton.registry.state";
		this.kafka.send(topic, "orders/1", "{}");
		this.reader.readToEnd(Topic.REGISTRY_STATE, (key, value) -> {
		});
		DeadLetterLedger restarted = new DeadLetterLedger(this.consumers.getConfigurationProperties());

		List<String> published = new CopyOnWriteArrayList<>();
		boolean again = restarted.once(record(topic, 0, 0), () -> published.add("offset 0"));
		boolean other = restarted.once(record(topic, 0, 1), () -> published.add("offset 1"));

		assertThat(again).isFalse();
		assertThat(other).isTrue();
		assertThat(published).containsExactly("offset 1");
	}

	@Test
	void aHandlerFailureThatIsNotAboutTheRecordStopsTheReplayAndDeadLettersNothing() {
		String topic = "baton.deploy.steps";
		this.kafka.send(topic, "orders", rejected("deploy-1"));

		assertThatIllegalStateException().isThrownBy(() -> this.reader.readToEnd(Topic.DEPLOY_STEPS, (key, value) -> {
			throw new IllegalStateException("broker gone");
		})).withMessage("broker gone");
		assertThat(this.kafka.readAllBytes(topic + "-dlt")).isEmpty();

		// then a listener that reads the topic from the beginning: what a replay
		// dead-lettered is not dead-lettered again, a new bad record is
		this.kafka.send(topic, "Orders!", rejected("deploy-2"));
		this.kafka.send(topic, "orders", "this is not json");
		this.reader.readToEnd(Topic.DEPLOY_STEPS, (key, value) -> {
		});
		assertThat(this.kafka.readAllBytes(topic + "-dlt")).hasSize(2);
		this.listeners.getListenerContainer(STEPS_LISTENER).start();
		this.kafka.send(topic, "Billing!", rejected("deploy-3"));
		this.kafka.send(topic, "orders", rejected("deploy-4"));

		await().atMost(WAIT).until(() -> this.steps.deployIds.contains("deploy-4"));
		assertThat(this.steps.deployIds).containsExactly("deploy-1", "deploy-4");
		assertThat(this.kafka.readAllBytes(topic + "-dlt")).extracting(ConsumerRecord::key)
			.containsExactlyInAnyOrder("Orders!", "orders", "Billing!");
	}

	@Test
	void catchUpReadsOnlyWhatTheGroupHasNotConsumedAndLeavesItsPositionAtTheEnd() {
		String topic = "baton.health.verdicts";
		String group = "catch-up-test";
		List<String> handled = new CopyOnWriteArrayList<>();
		this.kafka.send(topic, "orders-1", verdict("orders-1"));

		long first = this.reader.catchUp(Topic.HEALTH_VERDICTS, group, (key, value) -> handled.add(key));
		this.kafka.send(topic, "orders-2", "this is not json");
		this.kafka.send(topic, "orders-3", verdict("orders-3"));
		long second = this.reader.catchUp(Topic.HEALTH_VERDICTS, group, (key, value) -> handled.add(key));
		long third = this.reader.catchUp(Topic.HEALTH_VERDICTS, group, (key, value) -> handled.add(key));

		assertThat(List.of(first, second, third)).containsExactly(1L, 1L, 0L);
		assertThat(handled).containsExactly("orders-1", "orders-3");
		assertThat(this.kafka.readAllBytes(topic + "-dlt")).extracting(ConsumerRecord::key).containsExactly("orders-2");
	}

	private static long originalOffset(ConsumerRecord<String, byte[]> letter) {
		return ByteBuffer.wrap(letter.headers().lastHeader("kafka_dlt-original-offset").value()).getLong();
	}

	private List<String> deadLetterAudits(String topic) {
		return this.kafka.readAll("baton.audit")
			.stream()
			.map(ConsumerRecord::value)
			.filter((value) -> value.contains("\"dead-lettered\"") && value.contains("\"subject\":\"" + topic + "\""))
			.toList();
	}

	private static ConsumerRecord<String, Object> record(String topic, int partition, long offset) {
		return new ConsumerRecord<>(topic, partition, offset, "orders-1", null);
	}

	private static String gate(int port) {
		return "{\"type\":\"SetPeerGate\",\"commandId\":\"cmd-" + port
				+ "\",\"service\":\"orders\",\"host\":\"127.0.0.1\"," + "\"port\":" + port
				+ ",\"gate\":\"ADMIN\",\"open\":true,\"by\":\"ops\",\"reason\":\"test\"}";
	}

	private static String verdict(String instanceId) {
		return "{\"type\":\"VerdictIssued\",\"instanceId\":\"" + instanceId
				+ "\",\"service\":\"orders\",\"host\":\"127.0.0.1\",\"port\":9101,\"status\":\"HEALTHY\","
				+ "\"probedAt\":\"" + Instant.now() + "\"}";
	}

	private static String rejected(String deployId) {
		return "{\"type\":\"DeployRejected\",\"deployId\":\"" + deployId + "\",\"service\":\"orders\","
				+ "\"reason\":\"test\",\"at\":\"" + Instant.now() + "\"}";
	}

	@SpringBootConfiguration
	@EnableAutoConfiguration
	static class Service {

		@Bean
		Steps steps() {
			return new Steps();
		}

	}

	static class Steps {

		final List<String> deployIds = new CopyOnWriteArrayList<>();

		@KafkaListener(id = STEPS_LISTENER, groupId = STEPS_LISTENER, autoStartup = "false",
				topics = "#{@batonTopicNames.name(T(dev.baton.contracts.Topic).DEPLOY_STEPS)}")
		void on(DeployStep step) {
			this.deployIds.add(step.deployId().value());
		}

	}

}
