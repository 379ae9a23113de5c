package dev.baton.contracts.nginx;

import java.time.Instant;
import java.util.Objects;

import dev.baton.contracts.CommandId;
import dev.baton.contracts.Endpoint;
import dev.baton.contracts.EndpointFields;
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
 * @param weight for an open DEPLOY gate, the peer's share of new requests against a full
 * peer's, in percent (1-100; a canary gets less than 100); 100 when absent, and always
 * 100 for the other gates
 * @param drain for a closing command, how long its drain may take and what the writer
 * does with what is still open then; {@link DrainDeadline#DEFAULT} when absent, and
 * absent on an opening command
 */
public record SetPeerGate(CommandId commandId, ServiceName service, String host, int port, Gate gate, boolean open,
		String by, String reason, Instant at, Integer weight,
		DrainDeadline drain) implements NginxCommand, EndpointFields {

	/** A full peer's weight. */
	public static final int FULL_WEIGHT = 100;

	public SetPeerGate {
		Objects.requireNonNull(commandId, "commandId is required");
		Objects.requireNonNull(service, "service is required");
		Objects.requireNonNull(gate, "gate is required");
		Endpoint.requireValid(host, port);
		by = (by != null) ? by : "";
		reason = (reason != null) ? reason : "";
		at = (at != null) ? at : Instant.now();
		weight = (weight != null) ? weight : FULL_WEIGHT;
		if (weight < 1 || weight > FULL_WEIGHT) {
			throw new IllegalArgumentException("weight must be 1-100, got " + weight);
		}
		if (weight != FULL_WEIGHT && gate != Gate.DEPLOY) {
			throw new IllegalArgumentException("only the DEPLOY gate carries a weight, not " + gate);
		}
		if (open && drain != null) {
			throw new IllegalArgumentException("only a closing command carries a drain deadline");
		}
		drain = (open || drain != null) ? drain : DrainDeadline.DEFAULT;
	}

	/**
	 * A gate command at a weight, with the default drain deadline when it closes.
	 */
	public SetPeerGate(CommandId commandId, ServiceName service, String host, int port, Gate gate, boolean open,
			String by, String reason, Instant at, Integer weight) {
		this(commandId, service, host, port, gate, open, by, reason, at, weight, null);
	}

	/**
	 * A gate command at full weight.
	 */
	public SetPeerGate(CommandId commandId, ServiceName service, String host, int port, Gate gate, boolean open,
			String by, String reason, Instant at) {
		this(commandId, service, host, port, gate, open, by, reason, at, FULL_WEIGHT, null);
	}

	/**
	 * A closing command with its drain deadline, as the deployer writes it.
	 */
	public static SetPeerGate closing(CommandId commandId, ServiceName service, String host, int port, Gate gate,
			String by, String reason, Instant at, DrainDeadline drain) {
		return new SetPeerGate(commandId, service, host, port, gate, false, by, reason, at, FULL_WEIGHT, drain);
	}

	@Override
	public GateKey key() {
		return new GateKey(this.service, endpoint(), this.gate);
	}

}
