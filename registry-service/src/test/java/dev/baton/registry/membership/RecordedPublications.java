package dev.baton.registry.membership;

import java.util.ArrayList;
import java.util.List;

import dev.baton.contracts.registry.InstanceSnapshot;
import dev.baton.registry.gates.GateChange;
import dev.baton.registry.lifecycle.Change;

/** What a registry under test published, in order. */
final class RecordedPublications implements Publications {

	final List<Change> changes = new ArrayList<>();

	final List<GateChange> gates = new ArrayList<>();

	final List<GateChange> repairs = new ArrayList<>();

	final List<String> stalls = new ArrayList<>();

	@Override
	public void publish(Change change, List<GateChange> gates) {
		this.changes.add(change);
		this.gates.addAll(gates);
	}

	@Override
	public void publishGates(List<GateChange> gates, String reason) {
		this.repairs.addAll(gates);
	}

	@Override
	public void departureStalled(InstanceSnapshot instance, String reason) {
		this.stalls.add(instance.instanceId().value() + ": " + reason);
	}

}
