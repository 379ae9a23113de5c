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
 * writer's gate holds back on one node is known as such; a node that never spoke of a
 * peer does not contradict it.
 * <p>
 * A node's answers about a service share a partition, and so do its heartbeats, so each
 * kind is ordered by the order it is read in. The two kinds travel on different
 * partitions, so an answer and a heartbeat may be read out of order: the first heartbeat
 * read after an answer is ordered against it by the times the node put on both (its own
 * clock); any later heartbeat, a full view taken after that one was sent, supersedes the
 * answer whatever the times say. So a node restarted on a clock set back holds no stale
 * word in force for longer than two heartbeats.
 */
public final class PeerReports {

	private final Map<Peer, Report> reports = new ConcurrentHashMap<>();

	private final Map<NodeId, Long> heartbeatsRead = new ConcurrentHashMap<>();

	private final ChangeSignal changes = new ChangeSignal();

	/**
	 * Takes any event of {@code nginx.events}, read live or back at start-up.
	 * @param event the event
	 */
	public void observe(NginxEvent event) {
		if (event instanceof PeerApplied applied) {
			answer(applied.nodeId(), applied.service(), applied.endpoint(), applied.up(), applied.at());
		}
		else if (event instanceof PeerDrained drained) {
			answer(drained.nodeId(), drained.service(), drained.endpoint(), false, drained.at());
		}
		else if (event instanceof PeerDrainTimedOut timedOut) {
			answer(timedOut.nodeId(), timedOut.service(), timedOut.endpoint(), false, timedOut.at());
		}
		else if (event instanceof PeerDraining draining) {
			answer(draining.nodeId(), draining.service(), draining.endpoint(), false, draining.at());
		}
		else if (event instanceof NodeHeartbeat heartbeat) {
			long read = this.heartbeatsRead.merge(heartbeat.nodeId(), 1L, Long::sum);
			for (UpstreamPeer peer : heartbeat.peers()) {
				report(new Peer(heartbeat.nodeId(), peer.service(), peer.endpoint()),
						new Report(peer.up(), heartbeat.at(), true, read));
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

	private void answer(NodeId node, ServiceName service, Endpoint endpoint, boolean up, Instant at) {
		report(new Peer(node, service, endpoint),
				new Report(up, at, false, this.heartbeatsRead.getOrDefault(node, 0L)));
	}

	private void report(Peer peer, Report fresh) {
		Report before = this.reports.get(peer);
		Report after = this.reports.merge(peer, fresh, (old, candidate) -> candidate.supersedes(old) ? candidate : old);
		if (after == fresh && (before == null || before.up() != fresh.up())) {
			this.changes.signal();
		}
	}

	private record Peer(NodeId node, ServiceName service, Endpoint endpoint) {
	}

	/**
	 * @param at the node's time on the report, which orders it only against a report of
	 * the other kind read next to it
	 * @param heartbeat whether it comes from a heartbeat rather than an answer
	 * @param heartbeats how many of the node's heartbeats had been read, this one
	 * included
	 */
	private record Report(boolean up, Instant at, boolean heartbeat, long heartbeats) {

		boolean supersedes(Report old) {
			if (this.heartbeat == old.heartbeat) {
				return true;
			}
			if (this.heartbeat) {
				return this.heartbeats > old.heartbeats + 1 || !this.at.isBefore(old.at);
			}
			return !this.at.isBefore(old.at);
		}

	}

}
