package dev.baton.registry.membership;

import java.util.List;

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
	 * Publishes gate records alone, to repair drift found at start-up.
	 * @param gates the records
	 */
	void publishGates(List<GateChange> gates);

}
