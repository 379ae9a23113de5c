package dev.baton.deployer.fleet;

import java.time.Instant;
import java.util.Map;
import java.util.Set;
import java.util.TreeSet;
import java.util.concurrent.ConcurrentHashMap;

import dev.baton.contracts.Endpoint;
import dev.baton.contracts.NodeId;
import dev.baton.contracts.ServiceName;
import dev.baton.contracts.nginx.NginxEvent;
import dev.baton.contracts.nginx.NodeForgotten;
import dev.baton.contracts.nginx.NodeHeartbeat;
import dev.baton.contracts.nginx.NodeLeft;
import dev.baton.contracts.nginx.PeerApplied;
import dev.baton.contracts.nginx.PeerDrainTimedOut;
import dev.baton.contracts.nginx.PeerDrained;
import dev.baton.contracts.nginx.PeerDraining;
import dev.baton.contracts.nginx.UpstreamPeer;

/**
 * What each nginx node last said about each peer: up ({@link PeerApplied} up, or listed
 * up in its heartbeat) or out of rotation (applied down, draining, drained). Whatever
 * command a report answered, it is the node's view of the peer, so a peer that another
 * writer's gate holds back on one node is known as such. A node's reports are ordered by
 * the time the node put on them, one process's clock, since answers and heartbeats travel
 * on different partitions; a node that never spoke of a peer does not contradict it.
 */
public final class PeerReports {

	private final Map<Peer, Report> reports = new ConcurrentHashMap<>();

	private final ChangeSignal changes = new ChangeSignal();

	/**
	 * Takes any event of {@code nginx.events}, read live or back at start-up.
	 * @param event the event
	 */
	public void observe(NginxEvent event) {
		if (event instanceof PeerApplied applied) {
			report(applied.nodeId(), applied.service(), applied.endpoint(), applied.up(), applied.at());
		}
		else if (event instanceof PeerDrained drained) {
			report(drained.nodeId(), drained.service(), drained.endpoint(), false, drained.at());
		}
		else if (event instanceof PeerDrainTimedOut timedOut) {
			report(timedOut.nodeId(), timedOut.service(), timedOut.endpoint(), false, timedOut.at());
		}
		else if (event instanceof PeerDraining draining) {
			report(draining.nodeId(), draining.service(), draining.endpoint(), false, draining.at());
		}
		else if (event instanceof NodeHeartbeat heartbeat) {
			for (UpstreamPeer peer : heartbeat.peers()) {
				report(heartbeat.nodeId(), peer.service(), peer.endpoint(), peer.up(), heartbeat.at());
			}
		}
		else if (event instanceof NodeLeft || event instanceof NodeForgotten) {
			// a node that is no longer waited for no longer holds a peer back
			this.changes.signal();
		}
	}

	/**
	 * The nodes, among those given, whose latest word is that the peer is out of
	 * rotation.
	 * @param service the upstream
	 * @param peer the peer
	 * @param nodes the nodes that count (the live nodes of the service)
	 * @return those holding it out, sorted by id
	 */
	public Set<NodeId> holdingOut(ServiceName service, Endpoint peer, Set<NodeId> nodes) {
		Set<NodeId> out = new TreeSet<>((a, b) -> a.value().compareTo(b.value()));
		for (NodeId node : nodes) {
			Report report = this.reports.get(new Peer(node, service, peer));
			if (report != null && !report.up()) {
				out.add(node);
			}
		}
		return out;
	}

	/**
	 * @return signalled whenever a node's word on a peer changes, or a node leaves
	 */
	public ChangeSignal changes() {
		return this.changes;
	}

	private void report(NodeId node, ServiceName service, Endpoint endpoint, boolean up, Instant at) {
		Report fresh = new Report(up, at);
		Report before = this.reports.get(new Peer(node, service, endpoint));
		Report after = this.reports.merge(new Peer(node, service, endpoint), fresh,
				(old, candidate) -> candidate.at().isBefore(old.at()) ? old : candidate);
		if (after == fresh && (before == null || before.up() != up)) {
			this.changes.signal();
		}
	}

	private record Peer(NodeId node, ServiceName service, Endpoint endpoint) {
	}

	private record Report(boolean up, Instant at) {
	}

}
