package dev.baton.cli;

import java.util.Locale;
import java.util.StringJoiner;

import tools.jackson.databind.JsonNode;

/**
 * A deploy that started and has not ended, as its steps leave it: paused (by whom, why),
 * cancelling, rolling back, or baking a batch (a canary's, at its weight).
 */
final class RunningDeploy {

	private final JsonNode started;

	private JsonNode paused;

	private JsonNode cancelling;

	private JsonNode rollingBack;

	private JsonNode baking;

	RunningDeploy(JsonNode started) {
		this.started = started;
	}

	void record(JsonNode step) {
		switch (step.path("type").asString("")) {
			case "DeployPaused" -> this.paused = step;
			case "DeployResumed" -> this.paused = null;
			case "DeployCancelling" -> this.cancelling = step;
			case "DeployRollingBack" -> this.rollingBack = step;
			case "BakeStarted" -> this.baking = step;
			case "BakeEnded", "CanaryPromoted" -> this.baking = null;
			default -> {
			}
		}
	}

	String deployId() {
		return this.started.path("deployId").asString();
	}

	String version() {
		return this.started.path("version").asString();
	}

	boolean paused() {
		return this.paused != null;
	}

	boolean cancelling() {
		return this.cancelling != null;
	}

	boolean rollingBack() {
		return this.rollingBack != null;
	}

	/**
	 * @return {@code running}, {@code paused}, {@code cancelling}, {@code rolling back}
	 * or {@code baking}
	 */
	String state() {
		if (this.rollingBack != null) {
			return "rolling back";
		}
		if (this.cancelling != null) {
			return "cancelling";
		}
		if (this.paused != null) {
			return "paused";
		}
		return (this.baking != null) ? "baking" : "running";
	}

	/**
	 * @return one line for a person: which deploy, what it does, and how it stands
	 */
	String describe() {
		StringBuilder line = new StringBuilder("deploy " + deployId() + " of " + this.started.path("service").asString()
				+ " " + version() + " (" + this.started.path("strategy").asString("ROLLING").toLowerCase(Locale.ROOT));
		int canary = this.started.path("canaryPercent").asInt(0);
		if (canary > 0) {
			line.append(", canary ").append(canary).append('%');
		}
		long bake = this.started.path("bakeMillis").asLong(0);
		if (bake > 0) {
			line.append(", bake ").append(bake / 1000).append('s');
		}
		if (this.started.path("rollback").asBoolean(false)) {
			line.append(", a rollback");
		}
		line.append(")");
		if (this.rollingBack != null) {
			line.append(" is rolling back: ").append(this.rollingBack.path("reason").asString());
		}
		else if (this.cancelling != null) {
			line.append(" is cancelled by ")
				.append(by(this.cancelling))
				.append(" and rolls back before its next batch");
		}
		else if (this.paused != null) {
			line.append(" is paused by ")
				.append(by(this.paused))
				.append(" since ")
				.append(this.paused.path("at").asString())
				.append(": it holds before its next batch until resumed");
		}
		else if (this.baking != null) {
			StringJoiner instances = new StringJoiner(", ");
			this.baking.path("instances").forEach((instance) -> instances.add(instance.asString()));
			line.append(" is baking ").append(instances);
			JsonNode share = this.baking.path("canary");
			if (share.isObject()) {
				line.append(" as a canary at weight ")
					.append(share.path("weight").asInt())
					.append(" beside ")
					.append(share.path("fullPeers").asInt())
					.append(" full peer(s)");
			}
		}
		else {
			line.append(" is running");
		}
		return line.toString();
	}

	private static String by(JsonNode step) {
		String reason = step.path("reason").asString("");
		return step.path("requestedBy").asString("") + (reason.isBlank() ? "" : " (" + reason + ")");
	}

}
