package dev.baton.contracts.nginx;

import java.time.Instant;
import java.util.Objects;

import dev.baton.contracts.CommandId;
import dev.baton.contracts.NodeId;
import dev.baton.contracts.ServiceName;

/**
 * A node could not apply a command (an unknown upstream on that node, nginx refusing the
 * peer set, ...).
 *
 * @param nodeId the node that refused
 * @param commandId the command refused
 * @param service the upstream named by the command
 * @param reason why
 * @param at when
 */
public record CommandRejected(NodeId nodeId, CommandId commandId, ServiceName service, String reason,
		Instant at) implements NginxEvent {

	public CommandRejected {
		Objects.requireNonNull(nodeId, "nodeId is required");
		Objects.requireNonNull(commandId, "commandId is required");
		Objects.requireNonNull(service, "service is required");
		Objects.requireNonNull(reason, "reason is required");
		Objects.requireNonNull(at, "at is required");
	}

}
