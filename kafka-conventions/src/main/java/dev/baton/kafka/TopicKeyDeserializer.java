package dev.baton.kafka;

import java.util.Map;
import java.util.function.Consumer;

import org.apache.kafka.common.errors.SerializationException;
import org.apache.kafka.common.header.Headers;
import org.apache.kafka.common.serialization.Deserializer;
import org.apache.kafka.common.serialization.StringDeserializer;

import dev.baton.contracts.GateKey;
import dev.baton.contracts.InstanceId;
import dev.baton.contracts.ServiceName;
import dev.baton.contracts.Topic;

/**
 * Reads a record key as a String and, on the topics services rebuild their state from,
 * checks that it is what the topic's contract says keys are: a gate key on
 * {@code nginx.commands}, an instance id on {@code registry.state}, a service name on
 * {@code deploy.steps}. No handler can apply a record under any other key, and such a
 * record would be met again at every start, so it fails here, like an unreadable value:
 * skipped and dead-lettered with its reason, live and on replay alike. A missing key
 * (which a compacted topic refuses anyway) is left to the handler. Meant to be wrapped in
 * an {@code ErrorHandlingDeserializer}.
 */
final class TopicKeyDeserializer implements Deserializer<String> {

	private final StringDeserializer strings = new StringDeserializer();

	private final Map<String, Consumer<String>> checks;

	TopicKeyDeserializer(TopicNames names) {
		this.checks = Map.of(names.name(Topic.NGINX_COMMANDS), GateKey::parse, names.name(Topic.REGISTRY_STATE),
				InstanceId::of, names.name(Topic.DEPLOY_STEPS), ServiceName::of);
	}

	@Override
	public String deserialize(String topic, byte[] data) {
		String key = this.strings.deserialize(topic, data);
		Consumer<String> check = this.checks.get(topic);
		if (check != null) {
			try {
				check.accept(key);
			}
			catch (IllegalArgumentException ex) {
				throw new SerializationException("record key of " + topic + " is invalid", ex);
			}
		}
		return key;
	}

	@Override
	public String deserialize(String topic, Headers headers, byte[] data) {
		return deserialize(topic, data);
	}

}
