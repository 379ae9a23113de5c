package dev.baton.kafka;

import java.nio.charset.StandardCharsets;

import org.apache.kafka.common.errors.SerializationException;
import org.junit.jupiter.api.Test;
import tools.jackson.databind.json.JsonMapper;

import dev.baton.contracts.Topic;
import dev.baton.contracts.operation.OperateInstance;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatExceptionOfType;

/**
 * A record value is read as its topic's message type, and one of another topic's types is
 * refused naming the topic it belongs on.
 */
class TopicTypedJsonDeserializerTests {

	private static final String OPERATE = "{\"type\":\"OperateInstance\",\"service\":\"orders\","
			+ "\"instanceId\":\"orders-1\",\"action\":\"OFFLINE\",\"by\":\"mallory\"}";

	private final TopicNames names = new TopicNames("baton.");

	private final TopicTypedJsonDeserializer deserializer = new TopicTypedJsonDeserializer(this.names, 64 * 1024,
			JsonMapper.builder().build());

	@Test
	void operatorDecisionIsReadOnTheOperationsTopic() {
		assertThat(this.deserializer.deserialize(this.names.name(Topic.OPERATIONS), bytes(OPERATE)))
			.isInstanceOf(OperateInstance.class);
	}

	@Test
	void operatorDecisionOnRegistrationsIsRefusedNamingTheOperationsTopic() {
		assertThatExceptionOfType(SerializationException.class)
			.isThrownBy(() -> this.deserializer.deserialize(this.names.name(Topic.REGISTRATIONS), bytes(OPERATE)))
			.withMessage("OperateInstance belongs on baton.operations, not on baton.registrations");
	}

	@Test
	void typeOfNoTopicIsRefusedAsJacksonSaysIt() {
		assertThatExceptionOfType(RuntimeException.class)
			.isThrownBy(() -> this.deserializer.deserialize(this.names.name(Topic.REGISTRATIONS),
					bytes("{\"type\":\"DropTables\",\"service\":\"orders\"}")))
			.withStackTraceContaining("DropTables")
			.satisfies((ex) -> assertThat(ex.getMessage()).doesNotContain("belongs on"));
	}

	private static byte[] bytes(String json) {
		return json.getBytes(StandardCharsets.UTF_8);
	}

}
