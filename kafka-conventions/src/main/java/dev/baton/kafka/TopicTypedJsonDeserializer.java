package dev.baton.kafka;

import java.util.EnumMap;
import java.util.Map;

import org.apache.kafka.common.errors.SerializationException;
import org.apache.kafka.common.header.Headers;
import org.apache.kafka.common.serialization.Deserializer;
import tools.jackson.databind.json.JsonMapper;

import org.springframework.kafka.support.serializer.JacksonJsonDeserializer;
import org.springframework.kafka.support.serializer.SerializationUtils;

import dev.baton.contracts.Topic;

/**
 * Reads a record value as the message type of the topic it travels on, so one consumer
 * factory serves every listener and producers need no Java type headers. Oversized values
 * are refused before parsing, and so are values of records whose key was found invalid.
 * Meant to be wrapped in an {@code ErrorHandlingDeserializer}.
 */
final class TopicTypedJsonDeserializer implements Deserializer<Object> {

	private final TopicNames names;

	private final int maxRecordBytes;

	private final Map<Topic, JacksonJsonDeserializer<Object>> byTopic = new EnumMap<>(Topic.class);

	TopicTypedJsonDeserializer(TopicNames names, int maxRecordBytes, JsonMapper mapper) {
		this.names = names;
		this.maxRecordBytes = maxRecordBytes;
		for (Topic topic : Topic.values()) {
			this.byTopic.put(topic, new JacksonJsonDeserializer<>(messageType(topic), mapper, false));
		}
	}

	@SuppressWarnings("unchecked")
	private static Class<Object> messageType(Topic topic) {
		return (Class<Object>) topic.messageType();
	}

	@Override
	public Object deserialize(String topic, byte[] data) {
		return deserialize(topic, null, data);
	}

	@Override
	public Object deserialize(String topicName, Headers headers, byte[] data) {
		if (data == null) {
			return null;
		}
		if (headers != null && headers.lastHeader(SerializationUtils.KEY_DESERIALIZER_EXCEPTION_HEADER) != null) {
			// its key already dooms the record: left unread, its dead letter keeps the
			// value's bytes as written
			throw new SerializationException("value left unread: the record key is invalid");
		}
		if (data.length > this.maxRecordBytes) {
			throw new SerializationException("record value of " + data.length + " bytes exceeds the limit of "
					+ this.maxRecordBytes + " bytes (baton.kafka.max-record-bytes)");
		}
		Topic topic = this.names.topic(topicName)
			.orElseThrow(() -> new SerializationException("topic " + topicName + " is not a Baton topic"));
		return this.byTopic.get(topic).deserialize(topicName, data);
	}

}
