package dev.baton.contracts.nginx;

import java.time.Instant;
import java.util.Objects;

import dev.baton.contracts.NodeId;

/**
 * A node says it no longer routes requests: it stopped cleanly, or its own nginx is down.
 * Only then, an operator's {@link NodeForgotten} or a long expiry does the deployer stop
 * waiting for the node's answers; silence never counts as leaving. A later heartbeat
 * brings the node back.
 *
 * @param nodeId the node
 * @param reason why, such as {@code stopped} or {@code nginx down: …}
 * @param at when
 */
public record NodeLeft(NodeId nodeId, String reason, Instant at) implements NginxEvent {

	public NodeLeft {
		Objects.requireNonNull(nodeId, "nodeId is required");
		Objects.requireNonNull(at, "at is required");
		reason = (reason != null) ? reason : "";
	}

}
