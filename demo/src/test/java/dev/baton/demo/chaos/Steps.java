package dev.baton.demo.chaos;

import java.time.Instant;

import tools.jackson.databind.JsonNode;
import tools.jackson.databind.node.ObjectNode;

import dev.baton.cli.Json;

/**
 * Records as the services publish them, for the suite's tests.
 */
final class Steps {

	static final String DEPLOY = "d-1";

	private Steps() {
	}

	static JsonNode step(String type, String instance, String phase, Instant at) {
		ObjectNode step = Json.mapper()
			.createObjectNode()
			.put("type", type)
			.put("deployId", DEPLOY)
			.put("service", "orders")
			.put("at", at.toString());
		if (instance != null) {
			step.put("instanceId", instance);
		}
		if (phase != null) {
			step.put("phase", phase);
		}
		return step;
	}

	static JsonNode gate(String gate, boolean open, Instant at) {
		return gate(gate, open, at, "");
	}

	static JsonNode gate(String gate, boolean open, Instant at, String reason) {
		return Json.mapper()
			.createObjectNode()
			.put("type", "SetPeerGate")
			.put("commandId", "c-1")
			.put("service", "orders")
			.put("host", "127.0.0.1")
			.put("port", 9001)
			.put("gate", gate)
			.put("open", open)
			.put("by", "deployer-service")
			.put("reason", reason)
			.put("at", at.toString());
	}

}
