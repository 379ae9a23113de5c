package dev.baton.demo.chaos;

import java.time.Instant;

import tools.jackson.databind.JsonNode;

/**
 * Recognises the record that shows a deploy's first instance entering a phase: the DEPLOY
 * gate's closing command on {@code nginx.commands} for the drain wait (the deploy has no
 * step of its own for it; in a surge deploy, the first gate closed is an old instance's),
 * and the rollout's step that starts the phase on {@code deploy.steps} for the others. It
 * fires once, so a fault hits the first instance only.
 */
final class PhaseTrigger {

	static final String STEPS = "deploy.steps";

	static final String COMMANDS = "nginx.commands";

	private final Phase phase;

	private final String deployId;

	private final String service;

	private final Instant since;

	private String instance;

	/**
	 * A trigger for one deploy.
	 * @param phase the phase to recognise
	 * @param deployId the deploy
	 * @param service its service
	 * @param since when it was requested: a gate command decided before is not its own
	 */
	PhaseTrigger(Phase phase, String deployId, String service, Instant since) {
		this.phase = phase;
		this.deployId = deployId;
		this.service = service;
		this.since = since;
	}

	/**
	 * Whether a record shows the phase starting, the first time it does.
	 * @param topic {@link #STEPS} or {@link #COMMANDS}
	 * @param value the record's value, or null for a tombstone
	 * @return true once, on the record that starts the phase
	 */
	boolean firesOn(String topic, JsonNode value) {
		if (this.instance != null || value == null) {
			return false;
		}
		boolean starts = (this.phase == Phase.DRAIN_WAIT) ? closesDeployGate(topic, value) : startsStep(topic, value);
		if (starts) {
			this.instance = (this.phase == Phase.DRAIN_WAIT) ? value.path("host").asString() + ":" + value.path("port")
					: value.path("instanceId").asString();
		}
		return starts;
	}

	/**
	 * What the phase started on: an instance id, or for the drain wait the peer's
	 * address.
	 * @return the instance or peer, null before the trigger fired
	 */
	String instance() {
		return this.instance;
	}

	private boolean closesDeployGate(String topic, JsonNode value) {
		return COMMANDS.equals(topic) && "SetPeerGate".equals(value.path("type").asString())
				&& this.service.equals(value.path("service").asString())
				&& "DEPLOY".equals(value.path("gate").asString()) && !value.path("open").asBoolean(true)
				&& ownCommand(value);
	}

	/**
	 * Whether a gate command is this deploy's: the deployer names the deploy in the
	 * reason of every command it writes. A command without that name is judged by its
	 * time, which the deployer's clock wrote, only for records of older deployers.
	 */
	private boolean ownCommand(JsonNode value) {
		String reason = value.path("reason").asString("");
		if (reason.contains(" of ")) {
			return reason.contains(" of " + this.deployId + ":");
		}
		return !Instant.parse(value.path("at").asString()).isBefore(this.since);
	}

	private boolean startsStep(String topic, JsonNode value) {
		return STEPS.equals(topic) && this.deployId.equals(value.path("deployId").asString())
				&& "ROLLOUT".equals(value.path("phase").asString("ROLLOUT"))
				&& startType().equals(value.path("type").asString());
	}

	private String startType() {
		return switch (this.phase) {
			case START -> "InstanceLaunched";
			case RESTART -> "InstanceRestartStarted";
			case VERIFY -> "InstanceRestarted";
			case ENABLE -> "InstanceVerified";
			case RETIRE -> "InstanceReplaced";
			case DRAIN_WAIT -> throw new IllegalStateException("the drain wait starts on a gate command");
		};
	}

}
