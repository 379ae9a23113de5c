package dev.baton.nginx.peers;

import java.util.Objects;

import dev.baton.contracts.Endpoint;
import dev.baton.contracts.nginx.SetPeerGate;

/**
 * One peer of an upstream, whether it receives new requests, and its share of them
 * against a full peer's.
 *
 * @param endpoint the peer
 * @param up whether nginx may choose it for new requests
 * @param weight its weight in percent of a full peer's (1-100), as its open DEPLOY gate
 * says; 100 for every other peer
 * @param standby whether a peer that is not up stands by: nginx chooses it when no up
 * peer is left, until its drain is released (a peer drained for a restart, still running)
 */
public record PeerState(Endpoint endpoint, boolean up, int weight, boolean standby) {

	public PeerState {
		Objects.requireNonNull(endpoint, "endpoint is required");
		if (weight < 1 || weight > SetPeerGate.FULL_WEIGHT) {
			throw new IllegalArgumentException("weight must be 1-100, got " + weight);
		}
		if (up && standby) {
			throw new IllegalArgumentException("a peer that is up does not stand by");
		}
	}

	/**
	 * A peer up, or down without standing by.
	 * @param endpoint the peer
	 * @param up whether nginx may choose it for new requests
	 * @param weight its weight in percent of a full peer's
	 */
	public PeerState(Endpoint endpoint, boolean up, int weight) {
		this(endpoint, up, weight, false);
	}

	/**
	 * A peer at full weight.
	 * @param endpoint the peer
	 * @param up whether nginx may choose it for new requests
	 */
	public PeerState(Endpoint endpoint, boolean up) {
		this(endpoint, up, SetPeerGate.FULL_WEIGHT);
	}

	/**
	 * The state as the control endpoint writes it.
	 * @return {@code up}, {@code standby} or {@code down}
	 */
	public String state() {
		return this.up ? "up" : (this.standby ? "standby" : "down");
	}

	/**
	 * The same peer no longer standing by, as nginx holds it once its drain is released.
	 * @return the peer down
	 */
	PeerState released() {
		return new PeerState(this.endpoint, false, this.weight, false);
	}

}
