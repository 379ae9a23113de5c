package dev.baton.deployer.fleet;

import java.time.Clock;
import java.time.Instant;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.Set;
import java.util.TreeSet;
import java.util.concurrent.ConcurrentHashMap;

import dev.baton.contracts.NodeId;
import dev.baton.contracts.ServiceName;
import dev.baton.contracts.nginx.NodeHeartbeat;

/**
 * Which nginx nodes must answer a gate command: those heard from within
 * {@value #MISSED_INTERVALS} of their own heartbeat intervals. A heartbeat dated in the
 * future counts from now, so a node's fast clock cannot keep it alive; an old replayed
 * heartbeat counts from when it was sent, so it keeps nobody alive.
 */
public final class NodeLiveness {

	/** Heartbeats a node may miss before it is no longer waited for. */
	public static final int MISSED_INTERVALS = 3;

	private final Clock clock;

	private final Map<NodeId, Seen> nodes = new ConcurrentHashMap<>();

	public NodeLiveness(Clock clock) {
		this.clock = clock;
	}

	public void heard(NodeHeartbeat heartbeat) {
		Instant now = this.clock.instant();
		Instant at = heartbeat.at().isAfter(now) ? now : heartbeat.at();
		Seen seen = new Seen(at.plusMillis(MISSED_INTERVALS * heartbeat.intervalMillis()), heartbeat.services());
		this.nodes.merge(heartbeat.nodeId(), seen,
				(old, fresh) -> fresh.expiresAt().isAfter(old.expiresAt()) ? fresh : old);
	}

	/**
	 * The live nodes that serve a service; a node that lists no services is taken to
	 * serve them all.
	 * @param service the service
	 * @return the nodes, sorted by id
	 */
	public Set<NodeId> liveNodesOf(ServiceName service) {
		Instant now = this.clock.instant();
		Set<NodeId> live = new TreeSet<>((a, b) -> a.value().compareTo(b.value()));
		this.nodes.forEach((node, seen) -> {
			if (seen.expiresAt().isAfter(now) && (seen.services().isEmpty() || seen.services().contains(service))) {
				live.add(node);
			}
		});
		return live;
	}

	public boolean isLive(NodeId node) {
		return expiresAt(node).map((expiry) -> expiry.isAfter(this.clock.instant())).orElse(false);
	}

	/**
	 * When a node stops counting as live unless it sends another heartbeat.
	 * @param node the node
	 * @return the moment, or empty for a node never heard from
	 */
	public Optional<Instant> expiresAt(NodeId node) {
		return Optional.ofNullable(this.nodes.get(node)).map(Seen::expiresAt);
	}

	private record Seen(Instant expiresAt, List<ServiceName> services) {
	}

}
