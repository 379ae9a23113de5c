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
 */
public record NodeHeartbeat(NodeId nodeId, String epoch, List<ServiceName> services, long intervalMillis,
		Instant at) implements NginxEvent {

	public NodeHeartbeat {
		Objects.requireNonNull(nodeId, "nodeId is required");
		Objects.requireNonNull(at, "at is required");
		epoch = (epoch != null) ? epoch : "";
		services = (services != null) ? List.copyOf(services) : List.of();
		if (intervalMillis <= 0) {
			throw new IllegalArgumentException("intervalMillis must be positive, got " + intervalMillis);
		}
	}

}
