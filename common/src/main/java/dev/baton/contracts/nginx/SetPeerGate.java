package dev.baton.contracts.nginx;

import java.time.Instant;
import java.util.Objects;

import dev.baton.contracts.CommandId;
import dev.baton.contracts.Endpoint;
import dev.baton.contracts.Gate;
import dev.baton.contracts.GateKey;
import dev.baton.contracts.ServiceName;

/**
 * Opens or closes one gate of one peer. Every live nginx node answers a closing command
 * with {@link PeerDrained} (or {@link PeerDrainTimedOut}) and an opening one with
 * {@link PeerApplied}, naming this command's id.
 *
 * @param commandId identifies this command and its answers
 * @param service the upstream
 * @param host the peer's host
 * @param port the peer's port
 * @param gate which gate
 * @param open the gate's desired state
 * @param by the service (or person) that owns this gate's decision
 * @param reason why, for the audit trail
 * @param at when it was decided
 */
public record SetPeerGate(CommandId commandId, ServiceName service, String host, int port, Gate gate, boolean open,
		String by, String reason, Instant at) implements NginxCommand {

	public SetPeerGate {
		Objects.requireNonNull(commandId, "commandId is required");
		Objects.requireNonNull(service, "service is required");
		Objects.requireNonNull(gate, "gate is required");
		new Endpoint(host, port); // throws when host or port is invalid
		by = (by != null) ? by : "";
		reason = (reason != null) ? reason : "";
		at = (at != null) ? at : Instant.now();
	}

	public Endpoint endpoint() {
		return new Endpoint(this.host, this.port);
	}

	@Override
	public GateKey key() {
		return new GateKey(this.service, endpoint(), this.gate);
	}

}
