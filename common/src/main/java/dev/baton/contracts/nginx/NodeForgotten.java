package dev.baton.contracts.nginx;

import java.time.Instant;
import java.util.Objects;

import dev.baton.contracts.NodeId;

/**
 * An operator removes a node the deployer would otherwise keep waiting for: one that died
 * with its nginx, or was taken away without a clean stop. Published by the operator (the
 * CLI's {@code baton nodes forget}), on the topic where nodes announce themselves, so
 * every reader of the node set sees it in order with the node's own events. A later
 * heartbeat brings the node back.
 *
 * @param nodeId the node
 * @param requestedBy who asked
 * @param reason why
 * @param at when
 */
public record NodeForgotten(NodeId nodeId, String requestedBy, String reason, Instant at) implements NginxEvent {

	public NodeForgotten {
		Objects.requireNonNull(nodeId, "nodeId is required");
		Objects.requireNonNull(at, "at is required");
		requestedBy = (requestedBy != null) ? requestedBy : "unknown";
		reason = (reason != null) ? reason : "";
	}

}
