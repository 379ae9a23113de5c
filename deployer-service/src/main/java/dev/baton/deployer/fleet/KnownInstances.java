package dev.baton.deployer.fleet;

import java.util.Comparator;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.concurrent.ConcurrentHashMap;

import dev.baton.contracts.InstanceId;
import dev.baton.contracts.ServiceName;
import dev.baton.contracts.registry.InstanceSnapshot;

/**
 * The instances of every service as the registry last described them. Snapshots older
 * than the one held (by revision) are ignored, so replaying {@code registry.state} from
 * its start is harmless.
 */
public final class KnownInstances {

	private final Map<InstanceId, InstanceSnapshot> instances = new ConcurrentHashMap<>();

	private final ChangeSignal changes = new ChangeSignal();

	/**
	 * Takes a snapshot into account.
	 * @param snapshot the registry's latest word on one instance
	 * @return whether it replaced what was known
	 */
	public boolean update(InstanceSnapshot snapshot) {
		InstanceSnapshot before = this.instances.get(snapshot.instanceId());
		InstanceSnapshot after = this.instances.merge(snapshot.instanceId(), snapshot,
				(old, fresh) -> (fresh.revision() >= old.revision()) ? fresh : old);
		boolean replaced = after == snapshot && !snapshot.equals(before);
		if (replaced) {
			this.changes.signal();
		}
		return replaced;
	}

	/**
	 * @return signalled whenever a snapshot replaces what was known
	 */
	public ChangeSignal changes() {
		return this.changes;
	}

	/**
	 * The instances of a service that are not deregistered, in instance id order.
	 * @param service the service
	 * @return its instances
	 */
	public List<InstanceSnapshot> instancesOf(ServiceName service) {
		return this.instances.values()
			.stream()
			.filter((snapshot) -> snapshot.service().equals(service) && !snapshot.deregistered())
			.sorted(Comparator.comparing((InstanceSnapshot snapshot) -> snapshot.instanceId().value()))
			.toList();
	}

	/**
	 * Every instance the registry described, deregistered ones included.
	 * @return their latest snapshots
	 */
	public List<InstanceSnapshot> all() {
		return List.copyOf(this.instances.values());
	}

	public Optional<InstanceSnapshot> instance(InstanceId instanceId) {
		return Optional.ofNullable(this.instances.get(instanceId));
	}

	public boolean knows(ServiceName service) {
		return this.instances.values().stream().anyMatch((snapshot) -> snapshot.service().equals(service));
	}

}
