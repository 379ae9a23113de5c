package dev.baton.registry.gates;

import dev.baton.contracts.CommandId;
import dev.baton.contracts.GateKey;
import dev.baton.contracts.nginx.DrainDeadline;

/**
 * A gate record to publish on {@code nginx.commands}.
 *
 * @param key the gate
 * @param open its desired state, or null to remove the gate (a tombstone)
 * @param commandId the command's id, when its answers are waited for; null for a fresh
 * one
 * @param drain for a closing command whose answers are waited for, its drain deadline;
 * null for the default
 */
public record GateChange(GateKey key, Boolean open, CommandId commandId, DrainDeadline drain) {

	/**
	 * A gate record nobody waits on.
	 */
	public GateChange(GateKey key, Boolean open) {
		this(key, open, null, null);
	}

	/**
	 * A closing command whose answers will be waited for, matched by its id.
	 * @param key the gate
	 * @param drain what it gives every node to drain the peer
	 * @return the command
	 */
	public static GateChange closing(GateKey key, DrainDeadline drain) {
		return new GateChange(key, false, CommandId.random(), drain);
	}

	public boolean removal() {
		return this.open == null;
	}

}
