package dev.baton.demo.soak.check;

import tools.jackson.databind.JsonNode;

/**
 * One record of {@code deploy.steps} with the time the broker gave it.
 *
 * @param at the record's timestamp, milliseconds since the epoch
 * @param value the record
 */
record Step(long at, JsonNode value) {

	String type() {
		return this.value.path("type").asString("");
	}

	String deployId() {
		return this.value.path("deployId").asString("");
	}

	boolean ends() {
		return type().equals("DeploySucceeded") || type().equals("DeployFailed") || type().equals("DeployRejected");
	}

	String address() {
		return this.value.path("host").asString("") + ":" + this.value.path("port").asInt();
	}

}
