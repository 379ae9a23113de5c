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
 */
public record PeerState(Endpoint endpoint, boolean up, int weight) {

	public PeerState {
		Objects.requireNonNull(endpoint, "endpoint is required");
		if (weight < 1 || weight > SetPeerGate.FULL_WEIGHT) {
			throw new IllegalArgumentException("weight must be 1-100, got " + weight);
		}
	}

	/**
	 * A peer at full weight.
	 * @param endpoint the peer
	 * @param up whether nginx may choose it for new requests
	 */
	public PeerState(Endpoint endpoint, boolean up) {
		this(endpoint, up, SetPeerGate.FULL_WEIGHT);
	}

}
