package dev.baton.contracts.nginx;

import java.time.Instant;
import java.util.Objects;

import dev.baton.contracts.CommandId;
import dev.baton.contracts.Endpoint;
import dev.baton.contracts.EndpointFields;
import dev.baton.contracts.NodeId;
import dev.baton.contracts.ServiceName;

/**
 * A peer that stopped being up still had requests in flight when the node's drain timeout
 * ran out.
 *
 * @param nodeId the node
 * @param commandId the closing command answered
 * @param service the upstream
 * @param host the peer's host
 * @param port the peer's port
 * @param inFlight requests still in flight at the timeout
 * @param waitedMillis how long the node waited
 * @param at when the timeout ran out
 */
public record PeerDrainTimedOut(NodeId nodeId, CommandId commandId, ServiceName service, String host, int port,
		long inFlight, long waitedMillis, Instant at) implements NginxEvent, EndpointFields {

	public PeerDrainTimedOut {
		Objects.requireNonNull(nodeId, "nodeId is required");
		Objects.requireNonNull(commandId, "commandId is required");
		Objects.requireNonNull(service, "service is required");
		Objects.requireNonNull(at, "at is required");
		Endpoint.requireValid(host, port);
	}

}
