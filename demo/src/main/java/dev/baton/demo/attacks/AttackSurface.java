package dev.baton.demo.attacks;

import java.nio.charset.StandardCharsets;
import java.nio.file.Path;
import java.util.Map;
import java.util.Set;
import java.util.TreeSet;
import java.util.UUID;

import tools.jackson.databind.node.ObjectNode;

import dev.baton.cli.Json;
import dev.baton.cli.Kafka;
import dev.baton.demo.Stack;

/**
 * The running local stack as an attacker meets it: its broker, written to as the roles
 * whose credentials an attacker may hold, read as the operator to see what came of it;
 * its registry and nginx, and its host.
 *
 * @param stack the stack
 * @param kafka the operator's clients, to read what each attack caused
 * @param writers the roles' producers
 * @param secrets where the stack keeps its credentials
 */
record AttackSurface(Stack stack, Kafka kafka, Writers writers, Path secrets) {

	String service() {
		return this.stack.options().service();
	}

	/**
	 * The peers nginx routes new requests to, by address.
	 * @return the addresses of the peers up
	 */
	Set<String> peersUp() {
		Set<String> up = new TreeSet<>();
		this.stack.peers().forEach((address, state) -> {
			if ("up".equals(state)) {
				up.add(address);
			}
		});
		return up;
	}

	/**
	 * A record's JSON body, of a type, with a marker that finds it again in a dead-letter
	 * topic.
	 * @param type the message type
	 * @param fields its fields, in order
	 * @return the body
	 */
	static ObjectNode message(String type, Map<String, Object> fields) {
		ObjectNode message = Json.mapper().createObjectNode().put("type", type);
		fields.forEach((name, value) -> message.set(name, Json.mapper().valueToTree(value)));
		return message;
	}

	static byte[] bytes(Object message) {
		return (message instanceof String text) ? text.getBytes(StandardCharsets.UTF_8)
				: Json.mapper().writeValueAsBytes(message);
	}

	static String marker() {
		return "attack-" + UUID.randomUUID().toString().substring(0, 8);
	}

}
