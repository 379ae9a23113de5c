package dev.baton.contracts.nginx;

import java.time.Instant;
import java.util.Objects;

import dev.baton.contracts.CommandId;
import dev.baton.contracts.Endpoint;
import dev.baton.contracts.EndpointFields;
import dev.baton.contracts.NodeId;
import dev.baton.contracts.ServiceName;

/**
 * A node applied a gate command; {@code up} is the peer's effective state on that node
 * (up only when every gate is open).
 *
 * @param nodeId the node
 * @param commandId the command answered
 * @param service the upstream
 * @param host the peer's host
 * @param port the peer's port
 * @param up whether the peer now receives new requests on this node
 * @param at when it was applied
 * @param slowStartMillis for a peer that is up, the route's slow start on this node: a
 * peer that came up with this command ramps to its full share of new requests over it; 0
 * when the route has none, when the peer is not up, and when absent
 */
public record PeerApplied(NodeId nodeId, CommandId commandId, ServiceName service, String host, int port, boolean up,
		Instant at, Long slowStartMillis) implements NginxEvent, EndpointFields {

	public PeerApplied {
		Objects.requireNonNull(nodeId, "nodeId is required");
		Objects.requireNonNull(commandId, "commandId is required");
		Objects.requireNonNull(service, "service is required");
		Objects.requireNonNull(at, "at is required");
		Endpoint.requireValid(host, port);
		slowStartMillis = (slowStartMillis != null && up) ? slowStartMillis : 0L;
		if (slowStartMillis < 0) {
			throw new IllegalArgumentException("slowStartMillis must be 0 or more, got " + slowStartMillis);
		}
	}

	/**
	 * An answer from a route without slow start.
	 */
	public PeerApplied(NodeId nodeId, CommandId commandId, ServiceName service, String host, int port, boolean up,
			Instant at) {
		this(nodeId, commandId, service, host, port, up, at, 0L);
	}

}
