package dev.baton.contracts.nginx;

import java.time.Instant;
import java.util.List;
import java.util.Objects;

import dev.baton.contracts.NodeId;
import dev.baton.contracts.ServiceName;

/**
 * A node is alive: the deployer waits for the answers of exactly the nodes heard from
 * lately.
 *
 * @param nodeId the node
 * @param epoch identifies the nginx shared memory the node drives; it changes when nginx
 * restarts
 * @param services the upstreams the node serves
 * @param intervalMillis how often the node sends a heartbeat
 * @param at when it was sent
 * @param peers the peers of the upstreams it serves, each with its state on this node
 * (the desired peer sets it keeps nginx equal to), so that its view of every peer is in
 * its latest heartbeat; empty from a node that does not report them
 */
public record NodeHeartbeat(NodeId nodeId, String epoch, List<ServiceName> services, long intervalMillis, Instant at,
		List<UpstreamPeer> peers) implements NginxEvent {

	public NodeHeartbeat {
		Objects.requireNonNull(nodeId, "nodeId is required");
		Objects.requireNonNull(at, "at is required");
		epoch = (epoch != null) ? epoch : "";
		services = (services != null) ? List.copyOf(services) : List.of();
		peers = (peers != null) ? List.copyOf(peers) : List.of();
		if (intervalMillis <= 0) {
			throw new IllegalArgumentException("intervalMillis must be positive, got " + intervalMillis);
		}
	}

	/**
	 * A heartbeat that reports no peers.
	 * @param nodeId the node
	 * @param epoch the nginx shared memory it drives
	 * @param services the upstreams it serves
	 * @param intervalMillis how often it sends a heartbeat
	 * @param at when it was sent
	 */
	public NodeHeartbeat(NodeId nodeId, String epoch, List<ServiceName> services, long intervalMillis, Instant at) {
		this(nodeId, epoch, services, intervalMillis, at, List.of());
	}

}
