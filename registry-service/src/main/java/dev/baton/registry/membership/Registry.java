package dev.baton.registry.membership;

import java.time.Duration;
import java.util.Collection;
import java.util.List;
import java.util.Optional;
import java.util.function.Supplier;

import dev.baton.contracts.CommandId;
import dev.baton.contracts.GateKey;
import dev.baton.contracts.InstanceId;
import dev.baton.contracts.RecordPosition;
import dev.baton.contracts.deploy.DeployStep;
import dev.baton.contracts.health.VerdictIssued;
import dev.baton.contracts.nginx.DrainDeadline;
import dev.baton.contracts.nginx.NginxEvent;
import dev.baton.contracts.operation.OperateInstance;
import dev.baton.contracts.operation.OperationMessage;
import dev.baton.contracts.registration.InstanceDeregistered;
import dev.baton.contracts.registration.InstanceRegistered;
import dev.baton.contracts.registration.RegistrationMessage;
import dev.baton.contracts.registry.InstanceSnapshot;
import dev.baton.registry.departure.DepartureDrains;
import dev.baton.registry.gates.GateChange;
import dev.baton.registry.gates.GateLedger;
import dev.baton.registry.lifecycle.Change;
import dev.baton.registry.lifecycle.RegisteredInstances;

/**
 * The registry's one entry point for messages and queries. Messages are applied one at a
 * time: decide, publish, then remember, so a failed publication leaves nothing
 * half-remembered and the redelivered message is decided again.
 */
public class Registry {

	private final RegisteredInstances fleet;

	private final GateLedger ledger = new GateLedger();

	private final Publications publications;

	private final PendingCommands pending;

	private final Departures departures;

	/**
	 * A registry that knows no nginx node: an online instance deregistered leaves as soon
	 * as no node it knows of has to confirm its drain.
	 */
	public Registry(RegisteredInstances fleet, Publications publications, PendingCommands pending) {
		this(fleet, publications, pending,
				new DepartureDrains(DrainDeadline.DEFAULT, Duration.ofMinutes(10), System::nanoTime));
	}

	public Registry(RegisteredInstances fleet, Publications publications, PendingCommands pending,
			DepartureDrains departures) {
		this.fleet = fleet;
		this.publications = publications;
		this.pending = pending;
		this.departures = new Departures(fleet, this.ledger, publications, departures, this::apply);
	}

	/**
	 * Restores the state the registry published before it stopped, publishing nothing:
	 * verdicts it had not consumed yet may be newer than its own last snapshots, so drift
	 * is repaired only once they are applied (see {@link #reconcile()}).
	 * @param snapshots the registry's own snapshots, as read back
	 * @param gates the gate records on {@code nginx.commands}, as read back (null for
	 * tombstones)
	 */
	public synchronized void restore(Collection<InstanceSnapshot> snapshots, Collection<GateRecord> gates) {
		snapshots.forEach(this.fleet::restore);
		gates.forEach((gate) -> this.ledger.restore(gate.key(), gate.open()));
	}

	/**
	 * Learns what a deploy step read back at start-up says of its service's expected
	 * versions, publishing nothing: instances are judged against them only once the
	 * verdicts issued since are applied too (see {@link #reconcile()}).
	 * @param step the step
	 */
	public synchronized void replay(DeployStep step) {
		this.fleet.learn(step);
	}

	/**
	 * Judges every instance against the versions its service expects now (deploys may
	 * have started or ended while the registry was down, or its configuration changed),
	 * then repairs every gate whose published state differs from what the instances need:
	 * a registry stopped between an instance's snapshot and its gate command left one
	 * behind.
	 * @return the gate records published as repairs
	 */
	public synchronized List<GateChange> reconcile() {
		this.fleet.reconsiderAll().forEach(this::apply);
		List<GateChange> repairs = this.ledger.reconcile(this.fleet.all());
		if (!repairs.isEmpty()) {
			this.publications.publishGates(repairs, "repaired at start-up");
			this.ledger.published(repairs);
		}
		return repairs;
	}

	public synchronized void handle(RegistrationMessage message) {
		handle(message.id(), instanceOf(message), () -> this.fleet.decide(message));
		if (message instanceof InstanceDeregistered deregistered) {
			this.departures.deregisteredAgain(deregistered);
		}
	}

	/**
	 * Drains again every instance that was leaving when the registry stopped: the nodes
	 * answer a new closing command at once where the peer has nothing left in flight.
	 * Call once the nodes are known (see {@link #replay(NginxEvent)}).
	 */
	public synchronized void resumeDepartures() {
		this.departures.resume();
	}

	/**
	 * Learns which nginx nodes are live from an event read back at start-up.
	 * @param event any event of {@code nginx.events}
	 */
	public synchronized void replay(NginxEvent event) {
		this.departures.replay(event);
	}

	/**
	 * Takes an nginx node's event read live: a leaving instance every node has drained
	 * leaves; one a node could not drain in time stays out of rotation, registered, and
	 * that is on the record.
	 * @param event any event of {@code nginx.events}
	 */
	public synchronized void handle(NginxEvent event) {
		this.departures.follow(event);
	}

	/**
	 * Gives up on the drains no node answered in time; call now and then.
	 */
	public synchronized void checkDepartures() {
		this.departures.checkOverdue();
	}

	/**
	 * Applies an operator's decision read on {@code operations}, with the same rules and
	 * the same order per service as a registration.
	 * @param message the decision
	 */
	public synchronized void handle(OperationMessage message) {
		OperateInstance command = (OperateInstance) message;
		handle(command.id(), command.instanceId(), () -> this.fleet.decide(command));
	}

	private void handle(CommandId id, InstanceId instance, Supplier<Optional<Change>> decision) {
		try {
			Optional<Change> change = decision.get();
			change.ifPresent(this::apply);
			InstanceSnapshot now = change.map(Change::after)
				.orElseGet(() -> Optional.ofNullable(instance).flatMap(this.fleet::known).orElse(null));
			this.pending.applied(id, now);
		}
		catch (IllegalArgumentException ex) {
			this.pending.refused(id, ex);
			throw ex;
		}
	}

	/**
	 * Takes a verdict, read live or caught up at start.
	 * @param verdict the verdict
	 * @param position where it lies on {@code health.verdicts}, which orders verdicts
	 */
	public synchronized void handle(VerdictIssued verdict, RecordPosition position) {
		this.fleet.decide(verdict, position).ifPresent(this::apply);
	}

	/**
	 * Learns a live deploy step and judges its service's instances again: a deploy that
	 * starts, succeeds or fails changes the versions they may report. Judging again
	 * whatever the step, a step redelivered after a failed publication finishes what the
	 * first delivery began.
	 * @param step the step
	 */
	public synchronized void handle(DeployStep step) {
		this.fleet.learn(step);
		this.fleet.reconsider(step.service()).forEach(this::apply);
	}

	/**
	 * What a message would do, without doing it: lets the REST API refuse a bad command
	 * before publishing it.
	 * @param message the message
	 * @return the instance as it would be after the message, or empty if it would change
	 * nothing
	 * @throws IllegalArgumentException when the message would be refused
	 */
	public synchronized Optional<InstanceSnapshot> preview(RegistrationMessage message) {
		return this.fleet.decide(message).map(Change::after);
	}

	/**
	 * What an operator's decision would do, without doing it.
	 * @param command the decision
	 * @return the instance as it would be after it, or empty if it would change nothing
	 * @throws IllegalArgumentException when the decision would be refused
	 */
	public synchronized Optional<InstanceSnapshot> preview(OperateInstance command) {
		return this.fleet.decide(command).map(Change::after);
	}

	public synchronized Collection<InstanceSnapshot> instances() {
		return this.fleet.all();
	}

	public synchronized Optional<InstanceSnapshot> live(InstanceId id) {
		return this.fleet.live(id);
	}

	private void apply(Change change) {
		List<GateChange> gates = this.departures.gates(change, this.ledger.changes(change.before(), change.after()));
		this.publications.publish(change, gates);
		this.fleet.accept(change);
		this.ledger.published(gates);
		this.departures.published(change, gates);
	}

	private static InstanceId instanceOf(RegistrationMessage message) {
		return (message instanceof InstanceRegistered registered) ? registered.instanceId()
				: ((InstanceDeregistered) message).instanceId();
	}

	/**
	 * A gate record read back from {@code nginx.commands}.
	 *
	 * @param key the gate
	 * @param open its state, or null for a tombstone
	 */
	public record GateRecord(GateKey key, Boolean open) {

	}

}
