package dev.baton.contracts.nginx;

import java.time.Instant;
import java.util.Objects;

import dev.baton.contracts.CommandId;
import dev.baton.contracts.Endpoint;
import dev.baton.contracts.EndpointFields;
import dev.baton.contracts.NodeId;
import dev.baton.contracts.ServiceName;

/**
 * A peer that stopped being up on a node has no request left in flight there.
 *
 * @param nodeId the node
 * @param commandId the closing command answered
 * @param service the upstream
 * @param host the peer's host
 * @param port the peer's port
 * @param drainMillis from applying the command to the last in-flight request ending
 * @param at when the node saw zero in flight
 */
public record PeerDrained(NodeId nodeId, CommandId commandId, ServiceName service, String host, int port,
		long drainMillis, Instant at) implements NginxEvent, EndpointFields {

	public PeerDrained {
		Objects.requireNonNull(nodeId, "nodeId is required");
		Objects.requireNonNull(commandId, "commandId is required");
		Objects.requireNonNull(service, "service is required");
		Objects.requireNonNull(at, "at is required");
		Endpoint.requireValid(host, port);
	}

}
