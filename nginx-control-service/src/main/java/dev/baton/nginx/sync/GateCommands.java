package dev.baton.nginx.sync;

import java.time.Clock;
import java.time.Instant;
import java.util.List;
import java.util.Set;
import java.util.TreeSet;

import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

import dev.baton.contracts.CommandId;
import dev.baton.contracts.GateKey;
import dev.baton.contracts.NodeId;
import dev.baton.contracts.ServiceName;
import dev.baton.contracts.nginx.CommandRejected;
import dev.baton.contracts.nginx.NginxCommand;
import dev.baton.contracts.nginx.SetPeerGate;
import dev.baton.logging.LogContext;
import dev.baton.nginx.peers.DesiredPeers;
import dev.baton.nginx.sync.NodeMetrics.CommandOutcome;

/**
 * Takes each record of {@code nginx.commands} into the desired state and queues its
 * answer. A command for an upstream this node does not serve is rejected with the node's
 * id; a record whose key does not match its command is refused (and dead-lettered), live
 * or replayed alike. Replayed records only rebuild the desired state: once the replay is
 * done, the commands still awaiting this node's answer ({@link OwedAnswers}) are answered
 * as live ones are. While a command is handled its id, upstream and peer are in the
 * logging MDC.
 */
public class GateCommands {

	private static final Logger logger = LoggerFactory.getLogger(GateCommands.class);

	private final NodeId node;

	private final Set<ServiceName> served;

	private final DesiredPeers desired;

	private final PeerSync sync;

	private final NodeEvents events;

	private final NodeMetrics metrics;

	private final Clock clock;

	private final OwedAnswers owed;

	private final GateChanges changes;

	private final GateHistory history = new GateHistory();

	public GateCommands(NodeId node, Set<ServiceName> served, DesiredPeers desired, PeerSync sync, NodeEvents events,
			NodeMetrics metrics, Clock clock, OwedAnswers owed, GateChanges changes) {
		this.node = node;
		this.served = Set.copyOf(served);
		this.desired = desired;
		this.sync = sync;
		this.events = events;
		this.metrics = metrics;
		this.clock = clock;
		this.owed = owed;
		this.changes = changes;
	}

	/**
	 * Takes one record read back while rebuilding the desired state into that state,
	 * without answering it yet (see {@link #answerOwed()}).
	 * @param key the record key, {@code service/host:port/GATE}
	 * @param command the command, or null for a tombstone that removes the gate
	 * @throws IllegalArgumentException when the key is invalid or does not match the
	 * command, or the command was superseded since its gate took it
	 * ({@link GateHistory}): nothing changes
	 */
	public void restore(String key, NginxCommand command) {
		GateKey gate = GateKey.parse(key);
		if (command == null) {
			this.history.take(gate, null);
			this.owed.forget(gate);
			if (this.served.contains(gate.service())) {
				this.sync.submit(gate.service(), () -> this.desired.remove(gate), null);
			}
			return;
		}
		SetPeerGate set = matching(gate, key, command);
		this.history.take(gate, set.commandId());
		this.owed.remember(gate, set);
		if (this.served.contains(gate.service())) {
			this.sync.submit(gate.service(), () -> desire(gate, set), null);
		}
	}

	/**
	 * Answers, once the replay is done, every command still awaiting this node's answer:
	 * not measured (their age is not a latency).
	 * @return how many
	 */
	public int answerOwed() {
		List<SetPeerGate> owed = this.owed.take();
		for (SetPeerGate set : owed) {
			try (LogContext context = CommandLogContext.open(set.commandId(), set.service(), set.endpoint())) {
				logger.info("Answering again a command this node may not have answered: {} gate {}",
						set.open() ? "open" : "closed", set.gate());
				answer(set, null);
			}
		}
		return owed.size();
	}

	/**
	 * Applies one record.
	 * @param key the record key, {@code service/host:port/GATE}
	 * @param command the command, or null for a tombstone that removes the gate
	 * @param writtenAt the record's Kafka timestamp (the producer's clock), from which
	 * the time to its answer is measured; null for a replayed record
	 * @throws IllegalArgumentException as {@link #restore(String, NginxCommand)} does
	 */
	public void accept(String key, NginxCommand command, Instant writtenAt) {
		GateKey gate = GateKey.parse(key);
		CommandId commandId = (command != null) ? command.commandId() : null;
		try (LogContext context = CommandLogContext.open(commandId, gate.service(), gate.endpoint())) {
			handle(gate, key, command, writtenAt);
		}
	}

	private void handle(GateKey gate, String key, NginxCommand command, Instant writtenAt) {
		if (command == null) {
			this.history.take(gate, null);
			if (this.served.contains(gate.service())) {
				this.sync.submit(gate.service(), () -> this.desired.remove(gate), null);
				this.changes.changed(gate.service());
			}
			return;
		}
		SetPeerGate set = matching(gate, key, command);
		this.history.take(gate, set.commandId());
		answer(set, writtenAt);
		// Who moved a peer, and why, is the first question when one leaves rotation.
		logger.info("Took {} gate {} into the desired state, from {}: {}", set.open() ? "open" : "closed", gate.gate(),
				set.by(), set.reason());
	}

	private static SetPeerGate matching(GateKey gate, String key, NginxCommand command) {
		SetPeerGate set = (SetPeerGate) command;
		if (!set.key().equals(gate)) {
			throw new IllegalArgumentException("record key " + key + " does not match the command's key " + set.key());
		}
		return set;
	}

	/** Takes the command into the desired state (again) and queues its answer. */
	private void answer(SetPeerGate set, Instant writtenAt) {
		GateKey gate = set.key();
		if (!this.served.contains(gate.service())) {
			reject(set, writtenAt);
			return;
		}
		this.sync.submit(gate.service(), () -> desire(gate, set),
				new PendingAnswer(set.commandId(), gate.service(), gate.endpoint(), set.drain(), writtenAt));
		this.changes.changed(gate.service());
	}

	private void desire(GateKey gate, SetPeerGate set) {
		this.desired.set(gate, set.open(), set.weight(), !set.open() && set.drain().standby());
	}

	private void reject(SetPeerGate set, Instant writtenAt) {
		String reason = "node " + this.node + " serves no upstream named " + set.service() + " (it serves "
				+ new TreeSet<>(this.served.stream().map(ServiceName::value).toList()) + ")";
		Instant now = this.clock.instant();
		this.events.publish(new CommandRejected(this.node, set.commandId(), set.service(), reason, now));
		this.metrics.commandAnswered(set.service(), CommandOutcome.REJECTED, writtenAt, now);
		if (writtenAt != null) {
			logger.info("Rejected command: {}", reason);
		}
	}

}
