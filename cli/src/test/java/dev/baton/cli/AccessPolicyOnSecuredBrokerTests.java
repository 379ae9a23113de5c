package dev.baton.cli;

import java.io.IOException;
import java.io.PrintWriter;
import java.io.StringWriter;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.concurrent.ExecutionException;
import java.util.concurrent.TimeUnit;

import org.apache.kafka.clients.admin.Admin;
import org.apache.kafka.clients.admin.NewTopic;
import org.apache.kafka.clients.admin.OffsetSpec;
import org.apache.kafka.clients.consumer.KafkaConsumer;
import org.apache.kafka.clients.producer.KafkaProducer;
import org.apache.kafka.clients.producer.ProducerConfig;
import org.apache.kafka.clients.producer.ProducerRecord;
import org.apache.kafka.common.TopicPartition;
import org.apache.kafka.common.errors.SaslAuthenticationException;
import org.apache.kafka.common.errors.TopicAuthorizationException;
import org.apache.kafka.common.serialization.StringDeserializer;
import org.apache.kafka.common.serialization.StringSerializer;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.CsvSource;

import dev.baton.contracts.Topic;
import dev.baton.kafka.testing.SecuredBroker;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

/**
 * The trust boundary on a real broker that authenticates every client with SCRAM and
 * authorizes with the ACLs {@code baton acls --apply} creates, the way the local stack
 * runs it: each role writes only the topics the design gives it, and a client without the
 * right credentials is not served at all.
 */
class AccessPolicyOnSecuredBrokerTests {

	@TempDir
	static Path directory;

	static SecuredBroker broker;

	@BeforeAll
	static void startBrokerAndApplyThePolicy() throws Exception {
		broker = SecuredBroker.start(directory);
		Path passwords = Files.createDirectories(directory.resolve("passwords"));
		for (AccessPolicy.Role role : AccessPolicy.Role.values()) {
			Files.writeString(passwords.resolve(role.label() + ".password"), password(role.label()) + "\n");
		}
		Path admin = directory.resolve("admin.properties");
		StringBuilder file = new StringBuilder();
		broker.admin()
			.forEach((key, value) -> file.append("kafka.").append(key).append('=').append(value).append('\n'));
		Files.writeString(admin, file.toString());
		StringWriter out = new StringWriter();
		StringWriter err = new StringWriter();
		int exit = BatonCommand.run(new PrintWriter(out, true), new PrintWriter(err, true), "acls", "--apply",
				"--config", admin.toString(), "--bootstrap-servers", (String) broker.admin().get("bootstrap.servers"),
				"--scram-passwords", passwords.toString());
		assertThat(exit).as(err.toString()).isZero();
		assertThat(out.toString()).contains("ACLs in place, 8 SCRAM credentials set");
		try (Admin client = Admin.create(broker.admin())) {
			client
				.createTopics(Arrays.stream(Topic.values())
					.map((topic) -> new NewTopic(topic.nameWith("baton."), 1, (short) 1))
					.toList())
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

	@ParameterizedTest(name = "{0} writes {1}: {2}")
	@CsvSource({ "app, registrations, allowed", "app, nginx.commands, refused", "app, health.verdicts, refused",
			"app, deploy.requests, refused", "app, deploy.steps, refused", "app, registry.state, refused",
			"app, audit, refused", "app, operations, refused", "ci, operations, refused",
			"operator, operations, allowed", "console, operations, allowed", "registry, operations, allowed",
			"deployer, operations, allowed", "health, operations, refused", "nginx-control, operations, refused",
			"ci, deploy.requests, allowed", "ci, registrations, refused", "ci, nginx.commands, refused",
			"operator, deploy.requests, allowed", "operator, nginx.commands, refused",
			"operator, health.verdicts, refused", "health, health.verdicts, allowed", "health, nginx.commands, refused",
			"nginx-control, nginx.events, allowed", "nginx-control, nginx.commands, refused",
			"nginx-control, health.verdicts, refused", "registry, nginx.commands, allowed",
			"registry, deploy.steps, refused", "deployer, deploy.steps, allowed", "deployer, nginx.commands, allowed",
			"deployer, health.verdicts, refused", "console, deploy.requests, allowed",
			"console, nginx.commands, refused", "console, registrations, refused", "console, registry.state, refused" })
	void eachRoleWritesOnlyTheTopicsTheDesignGivesIt(String role, String topic, String outcome) throws Exception {
		try (KafkaProducer<String, String> producer = producer(broker.scram("baton-" + role, password(role)))) {
			var sent = producer.send(new ProducerRecord<>("baton." + topic, "orders", "{}"));
			if (outcome.equals("allowed")) {
				assertThat(sent.get(30, TimeUnit.SECONDS).topic()).isEqualTo("baton." + topic);
			}
			else {
				assertThatThrownBy(() -> sent.get(30, TimeUnit.SECONDS)).isInstanceOf(ExecutionException.class)
					.hasCauseInstanceOf(TopicAuthorizationException.class);
			}
		}
	}

	@Test
	void anAppReadsNothingNotEvenTheGateCommands() {
		Map<String, Object> settings = new HashMap<>(broker.scram("baton-app", password("app")));
		try (KafkaConsumer<String, String> consumer = new KafkaConsumer<>(settings, new StringDeserializer(),
				new StringDeserializer())) {
			TopicPartition commands = new TopicPartition("baton.nginx.commands", 0);
			consumer.assign(List.of(commands));
			consumer.seekToBeginning(List.of(commands));
			assertThatThrownBy(() -> consumer.poll(Duration.ofSeconds(10)))
				.isInstanceOf(TopicAuthorizationException.class);
		}
	}

	@Test
	void aWrongPasswordIsRefusedAtAuthentication() {
		try (KafkaProducer<String, String> producer = producer(broker.scram("baton-app", "not-the-password"))) {
			assertThatThrownBy(() -> producer.send(new ProducerRecord<>("baton.registrations", "orders", "{}"))
				.get(30, TimeUnit.SECONDS)).hasCauseInstanceOf(SaslAuthenticationException.class);
		}
	}

	@Test
	void aClientWithoutCredentialsIsNotServed() {
		Map<String, Object> settings = new HashMap<>();
		settings.put("bootstrap.servers", broker.clients());
		settings.put(ProducerConfig.MAX_BLOCK_MS_CONFIG, 3000);
		try (KafkaProducer<String, String> producer = new KafkaProducer<>(settings, new StringSerializer(),
				new StringSerializer())) {
			assertThatThrownBy(() -> producer.send(new ProducerRecord<>("baton.registrations", "orders", "{}"))
				.get(30, TimeUnit.SECONDS)).hasMessageContaining("not present in metadata after 3000 ms");
		}
	}

	@Test
	void aCommandWithAWrongPasswordExitsTwoSayingAuthenticationFailedAndPublishesNothing() throws Exception {
		long before = requestsPublished();

		StringWriter wrongErr = new StringWriter();
		int wrong = batonAs("ci", "not-the-password", wrongErr, "deploy", "orders", "v2");
		long afterWrong = requestsPublished();
		StringWriter rightErr = new StringWriter();
		int right = batonAs("ci", password("ci"), rightErr, "deploy", "orders", "v2");

		assertThat(wrong).as(wrongErr.toString()).isEqualTo(ExitCode.REJECTED);
		assertThat(wrongErr.toString()).contains("baton: authentication to Kafka at " + broker.clients() + " failed",
				"nothing was published");
		assertThat(afterWrong).isEqualTo(before);
		assertThat(right).as(rightErr.toString()).isEqualTo(ExitCode.OK);
		assertThat(requestsPublished()).isEqualTo(before + 1);
	}

	private static int batonAs(String role, String password, StringWriter err, String... command) throws IOException {
		Path config = directory.resolve(role + "-" + password + ".properties");
		StringBuilder file = new StringBuilder();
		broker.scram("baton-" + role, password)
			.forEach((key, value) -> file.append("kafka.").append(key).append('=').append(value).append('\n'));
		Files.writeString(config, file.toString());
		List<String> args = new ArrayList<>(List.of(command));
		args.addAll(List.of("--config", config.toString(), "--bootstrap-servers", broker.clients()));
		return BatonCommand.run(new PrintWriter(new StringWriter(), true), new PrintWriter(err, true),
				args.toArray(String[]::new));
	}

	private static long requestsPublished() throws Exception {
		TopicPartition requests = new TopicPartition("baton.deploy.requests", 0);
		try (Admin admin = Admin.create(broker.admin())) {
			return admin.listOffsets(Map.of(requests, OffsetSpec.latest()))
				.partitionResult(requests)
				.get(30, TimeUnit.SECONDS)
				.offset();
		}
	}

	private static KafkaProducer<String, String> producer(Map<String, Object> role) {
		Map<String, Object> settings = new HashMap<>(role);
		settings.put(ProducerConfig.MAX_BLOCK_MS_CONFIG, 15_000);
		settings.put(ProducerConfig.DELIVERY_TIMEOUT_MS_CONFIG, 15_000);
		settings.put(ProducerConfig.REQUEST_TIMEOUT_MS_CONFIG, 10_000);
		return new KafkaProducer<>(settings, new StringSerializer(), new StringSerializer());
	}

	private static String password(String role) {
		return "password-of-" + role;
	}

}
