package dev.baton.contracts.nginx;

import java.util.Objects;

import dev.baton.contracts.Endpoint;
import dev.baton.contracts.EndpointFields;
import dev.baton.contracts.ServiceName;

/**
 * One peer of an upstream as a node holds it, carried by its {@link NodeHeartbeat}: a
 * reader learns every node's view of every peer from the node's latest heartbeat, without
 * reading back every answer the node ever published.
 *
 * @param service the upstream
 * @param host the peer's host
 * @param port the peer's port
 * @param up whether the node has nginx pick the peer for new requests (every gate open)
 * @param weight its share of new requests against a full peer's, 1-100
 */
public record UpstreamPeer(ServiceName service, String host, int port, boolean up,
		int weight) implements EndpointFields {

	public UpstreamPeer {
		Objects.requireNonNull(service, "service is required");
		Endpoint.requireValid(host, port);
		if (weight < 1 || weight > SetPeerGate.FULL_WEIGHT) {
			throw new IllegalArgumentException("weight must be 1-100, got " + weight);
		}
	}

}
