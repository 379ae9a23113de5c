package dev.baton.deployer.rollout.answer;

import java.util.Map;

import dev.baton.contracts.Gate;
import dev.baton.contracts.GateKey;
import dev.baton.contracts.registry.InstanceSnapshot;
import dev.baton.deployer.fleet.DeployGates;
import dev.baton.deployer.fleet.KnownInstances;
import dev.baton.deployer.rollout.DeployEvents;

/**
 * Keeps the fleet current from {@code registry.state}, tells surge deploys waiting on an
 * instance, and removes the DEPLOY gate of an instance the registry shows deregistered,
 * so no gate of a gone peer lingers in nginx's desired state.
 */
public final class RegistryFollower {

	private final KnownInstances fleet;

	private final DeployGates gates;

	private final DeployEvents events;

	private final InstanceArrivals arrivals;

	public RegistryFollower(KnownInstances fleet, DeployGates gates, DeployEvents events, InstanceArrivals arrivals) {
		this.fleet = fleet;
		this.gates = gates;
		this.events = events;
		this.arrivals = arrivals;
	}

	public void onSnapshot(InstanceSnapshot snapshot) {
		boolean current = this.fleet.update(snapshot);
		if (current) {
			this.arrivals.offer(snapshot);
		}
		GateKey key = new GateKey(snapshot.service(), snapshot.endpoint(), Gate.DEPLOY);
		if (current && snapshot.deregistered() && this.gates.exists(key)) {
			this.events.removeGate(key);
			this.events.audit(key.toString(), "gate.removed", "instance " + snapshot.instanceId() + " is deregistered",
					Map.of("instance", snapshot.instanceId().value()));
		}
	}

}
