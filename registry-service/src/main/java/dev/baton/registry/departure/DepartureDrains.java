package dev.baton.registry.departure;

import java.time.Duration;
import java.util.ArrayList;
import java.util.Iterator;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.Set;
import java.util.function.LongSupplier;
import java.util.stream.Collectors;

import dev.baton.contracts.CommandId;
import dev.baton.contracts.InstanceId;
import dev.baton.contracts.NodeId;
import dev.baton.contracts.nginx.DrainDeadline;
import dev.baton.contracts.nginx.NginxEvent;
import dev.baton.contracts.nginx.PeerDrainTimedOut;
import dev.baton.contracts.nginx.PeerDrained;
import dev.baton.contracts.registry.InstanceSnapshot;

/**
 * The drains of instances leaving while online: each waits for every nginx node that
 * served its service when it began to answer its closing command, matched by the
 * command's id, never by time. A node that says it left, or that an operator forgets, no
 * longer has to answer; silence is never an answer. A drain that a node answers with a
 * timeout, or that is not answered by its deadline (the command's, measured on this
 * process's monotonic clock, plus time for the answer to travel), stalls: the instance
 * stays out of rotation, registered, until it is deregistered again.
 */
public final class DepartureDrains {

	/** A node answers at its own deadline; this is what its answer may take to arrive. */
	private static final Duration ANSWER_TRAVEL = Duration.ofSeconds(10);

	private final DrainDeadline deadline;

	private final LongSupplier nanoTime;

	private final LiveNodes nodes;

	private final Map<InstanceId, Drain> drains = new LinkedHashMap<>();

	/**
	 * @param deadline what each closing command gives the nodes
	 * @param nodeExpiry how long a silent node is still waited for
	 * @param nanoTime this process's monotonic clock
	 */
	public DepartureDrains(DrainDeadline deadline, Duration nodeExpiry, LongSupplier nanoTime) {
		this.deadline = deadline;
		this.nanoTime = nanoTime;
		this.nodes = new LiveNodes(nodeExpiry, nanoTime);
	}

	public DrainDeadline deadline() {
		return this.deadline;
	}

	/**
	 * Takes an event read back at start-up: it tells which nodes are live, and answers
	 * nothing, since no drain of this process was running then.
	 * @param event any event of {@code nginx.events}
	 */
	public void replay(NginxEvent event) {
		this.nodes.follow(event);
	}

	/**
	 * Starts waiting for the nodes serving a leaving instance's service to answer its
	 * closing command; a drain already waiting for the instance is replaced.
	 * @param instance the instance
	 * @param command the closing command's id
	 * @return true when no node has to answer, so the instance may leave at once
	 */
	public boolean begin(InstanceSnapshot instance, CommandId command) {
		Set<NodeId> waiting = this.nodes.of(instance.service());
		if (waiting.isEmpty()) {
			this.drains.remove(instance.instanceId());
			return true;
		}
		long deadlineNanos = this.nanoTime.getAsLong() + this.deadline.timeout().plus(ANSWER_TRAVEL).toNanos();
		this.drains.put(instance.instanceId(), new Drain(command, waiting, deadlineNanos, new LinkedHashMap<>()));
		return false;
	}

	public boolean waitingFor(InstanceId instance) {
		return this.drains.containsKey(instance);
	}

	/**
	 * Takes an event read live.
	 * @param event any event of {@code nginx.events}
	 * @return the drains it completed or stalled
	 */
	public Outcome follow(NginxEvent event) {
		Outcome outcome = new Outcome(new ArrayList<>(), new ArrayList<>());
		Optional<NodeId> gone = this.nodes.follow(event);
		gone.ifPresent((node) -> this.drains.values().forEach((drain) -> drain.waiting().remove(node)));
		if (event instanceof PeerDrained drained) {
			forCommand(drained.commandId()).ifPresent((drain) -> drain.waiting().remove(drained.nodeId()));
		}
		else if (event instanceof PeerDrainTimedOut timedOut) {
			forCommand(timedOut.commandId())
				.ifPresent((drain) -> drain.stillOpen().put(timedOut.nodeId(), timedOut.inFlight()));
		}
		for (Iterator<Map.Entry<InstanceId, Drain>> it = this.drains.entrySet().iterator(); it.hasNext();) {
			Map.Entry<InstanceId, Drain> entry = it.next();
			Drain drain = entry.getValue();
			if (!drain.stillOpen().isEmpty()) {
				it.remove();
				outcome.stalled()
					.add(new Stalled(entry.getKey(),
							drain.stillOpen()
								.entrySet()
								.stream()
								.map((node) -> node.getKey().value() + " still had " + node.getValue() + " in flight")
								.collect(Collectors.joining(", ", "",
										" at the drain's deadline of " + this.deadline.timeout()))));
			}
			else if (drain.waiting().isEmpty()) {
				it.remove();
				outcome.drained().add(entry.getKey());
			}
		}
		return outcome;
	}

	/**
	 * The drains not answered by every node by their deadline, which stop being waited
	 * for.
	 * @return each with the nodes that did not answer
	 */
	public List<Stalled> overdue() {
		long now = this.nanoTime.getAsLong();
		List<Stalled> overdue = new ArrayList<>();
		for (Iterator<Map.Entry<InstanceId, Drain>> it = this.drains.entrySet().iterator(); it.hasNext();) {
			Map.Entry<InstanceId, Drain> entry = it.next();
			Drain drain = entry.getValue();
			if (now - drain.deadlineNanos() >= 0 && !drain.waiting().isEmpty()) {
				it.remove();
				overdue.add(new Stalled(entry.getKey(),
						"no answer from "
								+ drain.waiting().stream().map(NodeId::value).collect(Collectors.joining(", "))
								+ " within the drain's deadline of " + this.deadline.timeout()));
			}
		}
		return overdue;
	}

	private Optional<Drain> forCommand(CommandId command) {
		return this.drains.values().stream().filter((drain) -> drain.command().equals(command)).findFirst();
	}

	/**
	 * What one event did to the drains.
	 *
	 * @param drained the instances every node confirmed drained
	 * @param stalled the drains that will not complete
	 */
	public record Outcome(List<InstanceId> drained, List<Stalled> stalled) {

	}

	/**
	 * A drain given up on: its instance stays out of rotation, registered.
	 *
	 * @param instance the instance
	 * @param reason which nodes did not confirm, and why
	 */
	public record Stalled(InstanceId instance, String reason) {

	}

	/**
	 * @param command the closing command the nodes answer
	 * @param waiting the nodes yet to answer
	 * @param deadlineNanos when the drain is overdue, on this process's monotonic clock
	 * @param stillOpen the nodes that answered with a timeout, and what they still had in
	 * flight
	 */
	private record Drain(CommandId command, Set<NodeId> waiting, long deadlineNanos, Map<NodeId, Long> stillOpen) {

	}

}
