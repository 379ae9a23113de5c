package dev.baton.registry.membership;

import java.util.List;

import dev.baton.contracts.registry.InstanceSnapshot;
import dev.baton.registry.gates.GateChange;
import dev.baton.registry.lifecycle.Change;

/**
 * Where the registry's decisions go. Implementations return only once everything is
 * durably published, so the registry remembers nothing the rest of the system has not
 * seen.
 */
public interface Publications {

	/**
	 * Publishes an instance's new snapshot, its gate records and its audit entries.
	 * @param change the change
	 * @param gates the gate records it needs
	 */
	void publish(Change change, List<GateChange> gates);

	/**
	 * Publishes gate records alone: to repair drift found at start-up, or to drain a
	 * leaving instance again.
	 * @param gates the records
	 * @param reason why, for the audit trail
	 */
	void publishGates(List<GateChange> gates, String reason);

	/**
	 * Records that a leaving instance's drain was given up on: it stays out of rotation,
	 * registered.
	 * @param instance the instance
	 * @param reason which nodes did not confirm, and why
	 */
	void departureStalled(InstanceSnapshot instance, String reason);

}
