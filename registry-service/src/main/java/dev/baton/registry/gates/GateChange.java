package dev.baton.registry.gates;

import dev.baton.contracts.GateKey;

/**
 * A gate record to publish on {@code nginx.commands}.
 *
 * @param key the gate
 * @param open its desired state, or null to remove the gate (a tombstone)
 */
public record GateChange(GateKey key, Boolean open) {

	public boolean removal() {
		return this.open == null;
	}

}
