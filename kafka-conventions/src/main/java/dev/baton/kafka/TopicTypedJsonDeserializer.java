package dev.baton.kafka;

import java.util.EnumMap;
import java.util.HashMap;
import java.util.Map;

import com.fasterxml.jackson.annotation.JsonSubTypes;

import org.apache.kafka.common.errors.SerializationException;
import org.apache.kafka.common.header.Headers;
import org.apache.kafka.common.serialization.Deserializer;
import tools.jackson.databind.exc.InvalidTypeIdException;
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

	private final Map<String, Topic> homes = homes();

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
		try {
			return this.byTopic.get(topic).deserialize(topicName, data);
		}
		catch (RuntimeException ex) {
			throw refusal(ex, topic);
		}
	}

	/**
	 * A message of a type that belongs on another topic (an operator's decision written
	 * on {@code registrations}, say) is refused with the topic it belongs on, so the dead
	 * letter tells its writer where it should have gone. Jackson's failure is left out as
	 * the cause: a dead letter's reason is the innermost message.
	 */
	private RuntimeException refusal(RuntimeException failure, Topic topic) {
		for (Throwable cause = failure; cause != null; cause = (cause.getCause() != cause) ? cause.getCause() : null) {
			if (cause instanceof InvalidTypeIdException invalid && invalid.getTypeId() != null) {
				Topic home = this.homes.get(invalid.getTypeId());
				if (home != null && home != topic) {
					return new SerializationException(invalid.getTypeId() + " belongs on " + this.names.name(home)
							+ ", not on " + this.names.name(topic));
				}
			}
		}
		return failure;
	}

	/** The topic of each message type name, read from each topic's sealed interface. */
	private static Map<String, Topic> homes() {
		Map<String, Topic> homes = new HashMap<>();
		for (Topic topic : Topic.values()) {
			JsonSubTypes types = topic.messageType().getAnnotation(JsonSubTypes.class);
			if (types != null) {
				for (JsonSubTypes.Type type : types.value()) {
					homes.put(type.name().isEmpty() ? type.value().getSimpleName() : type.name(), topic);
				}
			}
		}
		return homes;
	}

}
