package dev.baton.nginx.peers;

import java.util.Objects;

import dev.baton.contracts.Endpoint;

/**
 * One peer of an upstream and whether it receives new requests.
 *
 * @param endpoint the peer
 * @param up whether nginx may choose it for new requests
 */
public record PeerState(Endpoint endpoint, boolean up) {

	public PeerState {
		Objects.requireNonNull(endpoint, "endpoint is required");
	}

}
