package dev.baton.nginx.sync;

import java.time.Clock;
import java.util.Set;
import java.util.TreeSet;

import dev.baton.contracts.GateKey;
import dev.baton.contracts.NodeId;
import dev.baton.contracts.ServiceName;
import dev.baton.contracts.nginx.CommandRejected;
import dev.baton.contracts.nginx.NginxCommand;
import dev.baton.contracts.nginx.SetPeerGate;
import dev.baton.nginx.peers.DesiredPeers;

/**
 * Takes each record of {@code nginx.commands} into the desired state and queues its
 * answer. A command for an upstream this node does not serve is rejected with the node's
 * id; a record whose key does not match its command is refused (and dead-lettered).
 */
public class GateCommands {

	private final NodeId node;

	private final Set<ServiceName> served;

	private final DesiredPeers desired;

	private final PeerSync sync;

	private final NodeEvents events;

	private final Clock clock;

	public GateCommands(NodeId node, Set<ServiceName> served, DesiredPeers desired, PeerSync sync, NodeEvents events,
			Clock clock) {
		this.node = node;
		this.served = Set.copyOf(served);
		this.desired = desired;
		this.sync = sync;
		this.events = events;
		this.clock = clock;
	}

	/**
	 * Applies one record.
	 * @param key the record key, {@code service/host:port/GATE}
	 * @param command the command, or null for a tombstone that removes the gate
	 */
	public void accept(String key, NginxCommand command) {
		GateKey gate = GateKey.parse(key);
		if (command == null) {
			if (this.served.contains(gate.service())) {
				this.desired.remove(gate);
				this.sync.submit(gate.service(), null);
			}
			return;
		}
		SetPeerGate set = (SetPeerGate) command;
		if (!set.key().equals(gate)) {
			throw new IllegalArgumentException("record key " + key + " does not match the command's key " + set.key());
		}
		if (!this.served.contains(gate.service())) {
			this.events.publish(new CommandRejected(this.node, set.commandId(), gate.service(),
					"node " + this.node + " serves no upstream named " + gate.service() + " (it serves "
							+ new TreeSet<>(this.served.stream().map(ServiceName::value).toList()) + ")",
					this.clock.instant()));
			return;
		}
		this.desired.set(gate, set.open());
		this.sync.submit(gate.service(),
				new PendingAnswer(set.commandId(), gate.service(), gate.endpoint(), !set.open()));
	}

}
