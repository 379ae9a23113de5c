package dev.baton.cli;

import java.util.HashMap;
import java.util.Map;

import tools.jackson.databind.JsonNode;

/**
 * The last step a followed deploy took on each instance, to say why an instance the
 * deploy kept out of rotation is out: {@code DeployFailed} names the instances, its steps
 * tell whether each was restarted but never verified, or never confirmed drained.
 */
final class InstanceTrail {

	private final Map<String, JsonNode> lastSteps = new HashMap<>();

	void record(JsonNode step) {
		JsonNode instanceId = step.get("instanceId");
		if (instanceId != null && instanceId.isString()) {
			this.lastSteps.put(instanceId.asString(), step);
		}
	}

	/**
	 * Why the deploy left an instance out of rotation, as far as its steps tell.
	 * @param instanceId the instance
	 * @return for example {@code not verified}, or empty when the steps do not say
	 */
	String whyKeptOut(String instanceId) {
		JsonNode last = this.lastSteps.get(instanceId);
		if (last == null) {
			return "";
		}
		return switch (last.path("type").asString()) {
			case "InstanceRestartStarted", "InstanceRestarted" -> "not verified";
			case "InstanceDrained" -> last.path("timedOut").asBoolean(false) ? "drain not confirmed" : "";
			default -> "";
		};
	}

}
