package dev.baton.registry.membership;

import java.util.ArrayList;
import java.util.List;
import java.util.function.Consumer;

import dev.baton.contracts.Gate;
import dev.baton.contracts.GateKey;
import dev.baton.contracts.InstanceId;
import dev.baton.contracts.nginx.NginxEvent;
import dev.baton.contracts.registration.InstanceDeregistered;
import dev.baton.contracts.registry.InstanceSnapshot;
import dev.baton.contracts.registry.Lifecycle;
import dev.baton.registry.departure.DepartureDrains;
import dev.baton.registry.gates.GateChange;
import dev.baton.registry.gates.GateLedger;
import dev.baton.registry.lifecycle.Change;
import dev.baton.registry.lifecycle.RegisteredInstances;

/**
 * The registry's part in an online instance's departure: its ADMIN gate closes with a
 * command whose answers are waited for, and it leaves (through the registry's own
 * {@code apply}) once every node answered; a drain given up on is put on the record. Runs
 * under the registry's lock, called by it only.
 */
final class Departures {

	private final RegisteredInstances fleet;

	private final GateLedger ledger;

	private final Publications publications;

	private final DepartureDrains drains;

	private final Consumer<Change> apply;

	Departures(RegisteredInstances fleet, GateLedger ledger, Publications publications, DepartureDrains drains,
			Consumer<Change> apply) {
		this.fleet = fleet;
		this.ledger = ledger;
		this.publications = publications;
		this.drains = drains;
		this.apply = apply;
	}

	/**
	 * The gate records a change publishes: for an instance that starts leaving, its ADMIN
	 * gate closes with a command that carries a drain deadline and an id to wait on.
	 * @param change the change
	 * @param gates what the ledger says it needs
	 * @return the records to publish
	 */
	List<GateChange> gates(Change change, List<GateChange> gates) {
		boolean startsLeaving = change.after().lifecycle() == Lifecycle.LEAVING
				&& (change.before() == null || change.before().lifecycle() != Lifecycle.LEAVING);
		if (!startsLeaving) {
			return gates;
		}
		GateChange drain = GateChange.closing(adminGate(change.after()), this.drains.deadline());
		List<GateChange> withDrain = new ArrayList<>(
				gates.stream().filter((gate) -> !gate.key().equals(drain.key())).toList());
		withDrain.add(drain);
		return withDrain;
	}

	/**
	 * Starts waiting on the drain a published change carried, if any.
	 * @param change the change, published and remembered
	 * @param gates the records it published
	 */
	void published(Change change, List<GateChange> gates) {
		gates.stream()
			.filter((gate) -> gate.drain() != null)
			.findFirst()
			.ifPresent((drain) -> await(change.after(), drain));
	}

	/**
	 * A leaving instance deregistered again, whose drain was given up on, is drained
	 * again.
	 * @param deregistered the deregistration
	 */
	void deregisteredAgain(InstanceDeregistered deregistered) {
		this.fleet.leaving(deregistered)
			.filter((instance) -> !this.drains.waitingFor(instance.instanceId()))
			.ifPresent((instance) -> drainAgain(instance, "deregistered again while leaving"));
	}

	/** Drains again every instance that was leaving when the registry stopped. */
	void resume() {
		this.fleet.all()
			.stream()
			.filter((instance) -> instance.lifecycle() == Lifecycle.LEAVING)
			.forEach((instance) -> drainAgain(instance, "still leaving after the registry's restart"));
	}

	void replay(NginxEvent event) {
		this.drains.replay(event);
	}

	void follow(NginxEvent event) {
		DepartureDrains.Outcome outcome = this.drains.follow(event);
		outcome.drained().forEach((instance) -> depart(instance, "drained on every nginx node"));
		outcome.stalled().forEach(this::stall);
	}

	void checkOverdue() {
		this.drains.overdue().forEach(this::stall);
	}

	private void drainAgain(InstanceSnapshot instance, String reason) {
		GateChange drain = GateChange.closing(adminGate(instance), this.drains.deadline());
		this.publications.publishGates(List.of(drain), reason + ": draining on every nginx node");
		this.ledger.published(List.of(drain));
		await(instance, drain);
	}

	private void await(InstanceSnapshot instance, GateChange drain) {
		if (this.drains.begin(instance, drain.commandId())) {
			depart(instance.instanceId(), "no nginx node serves " + instance.service());
		}
	}

	private void depart(InstanceId id, String reason) {
		this.fleet.depart(id, reason).ifPresent(this.apply);
	}

	private void stall(DepartureDrains.Stalled stalled) {
		this.fleet.live(stalled.instance())
			.ifPresent((instance) -> this.publications.departureStalled(instance,
					stalled.reason() + "; it stays out of rotation, registered, until it is deregistered again"));
	}

	private static GateKey adminGate(InstanceSnapshot instance) {
		return new GateKey(instance.service(), instance.endpoint(), Gate.ADMIN);
	}

}
