package dev.baton.registry.gates;

import java.util.ArrayList;
import java.util.Collection;
import java.util.EnumSet;
import java.util.HashMap;
import java.util.HashSet;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Objects;
import java.util.Set;

import dev.baton.contracts.Gate;
import dev.baton.contracts.GateKey;
import dev.baton.contracts.registry.InstanceSnapshot;

/**
 * Remembers the last published state of every gate the registry owns, so it publishes a
 * gate only when its desired state differs: a replayed message or a restarted registry
 * publishes no duplicate and no contradiction.
 */
public final class GateLedger {

	/** The gates this ledger owns; the DEPLOY gate belongs to the deployer. */
	public static final Set<Gate> OWNED = EnumSet.of(Gate.ADMIN, Gate.HEALTH);

	private final Map<GateKey, Boolean> published = new HashMap<>();

	/**
	 * Takes a record read back from {@code nginx.commands}; other writers' gates are
	 * ignored.
	 * @param key the gate
	 * @param open the state published, or null for a tombstone
	 */
	public void restore(GateKey key, Boolean open) {
		if (OWNED.contains(key.gate())) {
			if (open == null) {
				this.published.remove(key);
			}
			else {
				this.published.put(key, open);
			}
		}
	}

	/**
	 * The gate records one instance's change needs.
	 * @param before the instance before, or null when new
	 * @param after the instance after
	 * @return the records to publish, ADMIN before HEALTH; removals of a moved or
	 * deregistered instance's gates first
	 */
	public List<GateChange> changes(InstanceSnapshot before, InstanceSnapshot after) {
		Map<GateKey, Boolean> desired = desired(after);
		List<GateChange> changes = new ArrayList<>();
		if (before != null) {
			removalsOf(desired(before).keySet(), desired.keySet(), changes);
		}
		desired.forEach((key, open) -> addIfDifferent(key, open, changes));
		return changes;
	}

	/**
	 * The gate records that make everything published equal to what the instances need,
	 * for a registry that has just rebuilt its state.
	 * @param instances every instance known
	 * @return the records to publish; empty when nothing drifted
	 */
	public List<GateChange> reconcile(Collection<InstanceSnapshot> instances) {
		Map<GateKey, Boolean> desired = new LinkedHashMap<>();
		instances.forEach((instance) -> desired.putAll(desired(instance)));
		List<GateChange> changes = new ArrayList<>();
		removalsOf(new HashSet<>(this.published.keySet()), desired.keySet(), changes);
		desired.forEach((key, open) -> addIfDifferent(key, open, changes));
		return changes;
	}

	/**
	 * Remembers records once they are published.
	 * @param changes the records published
	 */
	public void published(List<GateChange> changes) {
		changes.forEach((change) -> restore(change.key(), change.open()));
	}

	private void removalsOf(Set<GateKey> had, Set<GateKey> keep, List<GateChange> changes) {
		had.stream()
			.filter((key) -> !keep.contains(key) && this.published.containsKey(key))
			.sorted((a, b) -> a.toString().compareTo(b.toString()))
			.forEach((key) -> changes.add(new GateChange(key, null)));
	}

	private void addIfDifferent(GateKey key, boolean open, List<GateChange> changes) {
		if (!Objects.equals(this.published.get(key), open)) {
			changes.add(new GateChange(key, open));
		}
	}

	private static Map<GateKey, Boolean> desired(InstanceSnapshot instance) {
		Map<GateKey, Boolean> gates = new LinkedHashMap<>();
		if (!instance.deregistered()) {
			gates.put(new GateKey(instance.service(), instance.endpoint(), Gate.ADMIN), instance.adminGateOpen());
			gates.put(new GateKey(instance.service(), instance.endpoint(), Gate.HEALTH), instance.healthGateOpen());
		}
		return gates;
	}

}
