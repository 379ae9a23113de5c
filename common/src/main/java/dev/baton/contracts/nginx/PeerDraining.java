package dev.baton.contracts.nginx;

import java.time.Instant;
import java.util.Objects;

import dev.baton.contracts.CommandId;
import dev.baton.contracts.Endpoint;
import dev.baton.contracts.EndpointFields;
import dev.baton.contracts.NodeId;
import dev.baton.contracts.ServiceName;

/**
 * A peer that stopped being up on a node still has requests in flight there: published
 * when its drain starts and then at most every 500 ms while the count is above 0, never
 * after the {@link PeerDrained} or {@link PeerDrainTimedOut} that ends the drain. It
 * answers nothing (waiters wait for those two); it lets operators watch a drain live.
 *
 * @param nodeId the node
 * @param commandId the closing command being drained
 * @param service the upstream
 * @param host the peer's host
 * @param port the peer's port
 * @param inFlight requests in flight on the peer, as nginx counted them
 * @param since when the node stopped choosing the peer (the drain's start)
 * @param at when the count was read
 */
public record PeerDraining(NodeId nodeId, CommandId commandId, ServiceName service, String host, int port,
		long inFlight, Instant since, Instant at) implements NginxEvent, EndpointFields {

	public PeerDraining {
		Objects.requireNonNull(nodeId, "nodeId is required");
		Objects.requireNonNull(commandId, "commandId is required");
		Objects.requireNonNull(service, "service is required");
		Objects.requireNonNull(since, "since is required");
		Objects.requireNonNull(at, "at is required");
		Endpoint.requireValid(host, port);
		if (inFlight < 0) {
			throw new IllegalArgumentException("inFlight must be 0 or more, got " + inFlight);
		}
	}

}
