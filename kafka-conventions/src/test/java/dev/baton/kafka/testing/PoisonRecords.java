package dev.baton.kafka.testing;

import java.nio.charset.StandardCharsets;
import java.time.Instant;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;

import org.apache.kafka.clients.consumer.ConsumerRecord;
import tools.jackson.databind.JsonNode;
import tools.jackson.databind.json.JsonMapper;

import dev.baton.contracts.Topic;

import static org.assertj.core.api.Assertions.assertThat;

/**
 * Records no Baton producer would write, written by hand with a plain producer as an
 * operator's mistake would be, and what must become of them: each dead-lettered exactly
 * once, with its reason, its original bytes and an audit entry, however often the
 * services reading its topic start.
 */
public final class PoisonRecords {

	/** What a service logs when it meets a record that is already dead-lettered. */
	public static final String SEEN_AGAIN = "was dead-lettered before";

	private static final JsonMapper json = JsonMapper.builder().build();

	private static final String NOT_JSON = "this is not json";

	private static final String UNREADABLE = "Unrecognized token";

	private final TestKafka kafka;

	private final String prefix;

	private final List<Poison> written = new ArrayList<>();

	public PoisonRecords(TestKafka kafka, String prefix) {
		this.kafka = kafka;
		this.prefix = prefix;
	}

	/**
	 * Writes, on each topic, one record with a valid value under a key that does not say
	 * what the topic says keys are, and one with a well-formed key and a value that is
	 * not JSON.
	 * @param topics any of {@code nginx.commands}, {@code registry.state},
	 * {@code deploy.steps}
	 */
	public void writeOn(Topic... topics) {
		for (Topic topic : topics) {
			switch (topic) {
				case NGINX_COMMANDS -> {
					write(topic, "x/DEPLOY",
							"{\"type\":\"SetPeerGate\",\"commandId\":\"poison-gate\",\"service\":\"orders\","
									+ "\"host\":\"127.0.0.1\",\"port\":1,\"gate\":\"DEPLOY\",\"open\":true,\"by\":\"ops\","
									+ "\"reason\":\"typed by hand\"}",
							"gate key must be service/host:port/GATE");
					write(topic, "orders/127.0.0.1:2/ADMIN", NOT_JSON, UNREADABLE);
				}
				case REGISTRY_STATE -> {
					write(topic, "orders/91",
							"{\"type\":\"InstanceSnapshot\",\"instanceId\":\"orders-91\","
									+ "\"service\":\"orders\",\"host\":\"127.0.0.1\",\"port\":1,\"version\":\"v1\","
									+ "\"healthPath\":\"/health\",\"lifecycle\":\"REGISTERED\",\"revision\":1,"
									+ "\"updatedAt\":\"" + Instant.now() + "\"}",
							"instance id must match");
					write(topic, "orders-92", NOT_JSON, UNREADABLE);
				}
				case DEPLOY_STEPS -> {
					write(topic, "Orders!", "{\"type\":\"DeployRejected\",\"deployId\":\"poison-deploy\","
							+ "\"service\":\"orders\",\"reason\":\"typed by hand\",\"at\":\"" + Instant.now() + "\"}",
							"service name must match");
					write(topic, "orders", NOT_JSON, UNREADABLE);
				}
				default -> throw new IllegalArgumentException("no poison records for " + topic);
			}
		}
	}

	private void write(Topic topic, String key, String value, String reason) {
		this.kafka.send(topic.nameWith(this.prefix), key, value);
		this.written.add(new Poison(topic, key, value, reason));
	}

	/**
	 * Whether a service's output says it met every poison record of those topics again
	 * and knew it was already dead-lettered.
	 * @param output what the service logged since it started
	 * @param topics the topics it reads
	 * @return true once it met them all
	 */
	public boolean metAgain(String output, Topic... topics) {
		List<Topic> read = Arrays.asList(topics);
		return this.written.stream()
			.filter((poison) -> read.contains(poison.topic()))
			.allMatch((poison) -> output.contains("(key " + poison.key() + ") " + SEEN_AGAIN));
	}

	/**
	 * Whether every poison record of those topics has been dead-lettered.
	 * @param topics the topics
	 * @return true once each has at least one dead letter
	 */
	public boolean deadLettered(Topic... topics) {
		return Arrays.stream(topics).allMatch((topic) -> {
			List<ConsumerRecord<String, byte[]>> letters = deadLetters(topic);
			return this.written.stream()
				.filter((poison) -> poison.topic() == topic)
				.allMatch((poison) -> letters.stream().anyMatch(poison::isLetterOf));
		});
	}

	/**
	 * Asserts that each poison record of a topic was dead-lettered exactly once, with its
	 * reason, its original key and value, where it came from, and one audit entry; and
	 * that nothing else of that topic was.
	 * @param topic the topic
	 */
	public void assertEachDeadLetteredOnce(Topic topic) {
		List<Poison> poisons = this.written.stream().filter((poison) -> poison.topic() == topic).toList();
		List<ConsumerRecord<String, byte[]>> letters = deadLetters(topic);
		assertThat(letters).as("dead letters of %s", topic.nameWith(this.prefix)).hasSize(poisons.size());
		for (Poison poison : poisons) {
			assertThat(letters).as("dead letters of the record with key %s", poison.key())
				.filteredOn(poison::isLetterOf)
				.singleElement()
				.satisfies((letter) -> {
					assertThat(TestKafka.header(letter, "baton-dlt-reason")).contains(poison.reason());
					assertThat(TestKafka.header(letter, "kafka_dlt-original-topic"))
						.isEqualTo(topic.nameWith(this.prefix));
					assertThat(letter.headers().lastHeader("kafka_dlt-original-offset")).isNotNull();
					assertThat(letter.headers().lastHeader("kafka_dlt-exception-fqcn") != null
							|| letter.headers().lastHeader("kafka_dlt-key-exception-fqcn") != null)
						.as("Spring Kafka's exception headers")
						.isTrue();
				});
		}
		List<JsonNode> audits = this.kafka.readAll(Topic.AUDIT.nameWith(this.prefix))
			.stream()
			.map((record) -> json.readTree(record.value()))
			.filter((audit) -> "dead-lettered".equals(audit.get("action").asString()))
			.filter((audit) -> topic.nameWith(this.prefix).equals(audit.get("subject").asString()))
			.toList();
		assertThat(audits).as("dead-letter audit entries of %s", topic.nameWith(this.prefix)).hasSize(poisons.size());
	}

	private List<ConsumerRecord<String, byte[]>> deadLetters(Topic topic) {
		return this.kafka.readAllBytes(topic.deadLetterNameWith(this.prefix));
	}

	private record Poison(Topic topic, String key, String value, String reason) {

		boolean isLetterOf(ConsumerRecord<String, byte[]> letter) {
			return this.key.equals(letter.key())
					&& Arrays.equals(this.value.getBytes(StandardCharsets.UTF_8), letter.value());
		}

	}

}
