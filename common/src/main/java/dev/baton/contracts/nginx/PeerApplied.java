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
 */
public record PeerApplied(NodeId nodeId, CommandId commandId, ServiceName service, String host, int port, boolean up,
		Instant at) implements NginxEvent, EndpointFields {

	public PeerApplied {
		Objects.requireNonNull(nodeId, "nodeId is required");
		Objects.requireNonNull(commandId, "commandId is required");
		Objects.requireNonNull(service, "service is required");
		Objects.requireNonNull(at, "at is required");
		Endpoint.requireValid(host, port);
	}

}
