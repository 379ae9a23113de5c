package dev.baton.contracts.nginx;

import java.util.List;

import dev.baton.contracts.Endpoint;
import dev.baton.contracts.EndpointFields;

/**
 * One peer's requests over a {@link PeerStats} interval on one node.
 *
 * @param host the peer's host
 * @param port the peer's port
 * @param requests requests that ended on the peer
 * @param serverErrors those answered with a 5xx status, by the peer or by nginx for it
 * @param connectFailures attempts nginx could not connect to the peer for (retried
 * elsewhere when nginx could)
 * @param latencyBuckets requests per latency bucket
 * ({@link PeerStats#LATENCY_BUCKETS_MILLIS}, then one for slower), as many as there are
 * bounds plus one
 */
public record PeerTally(String host, int port, long requests, long serverErrors, long connectFailures,
		List<Long> latencyBuckets) implements EndpointFields {

	public PeerTally {
		Endpoint.requireValid(host, port);
		if (requests < 0 || serverErrors < 0 || connectFailures < 0) {
			throw new IllegalArgumentException("counts must be 0 or more");
		}
		if (serverErrors > requests) {
			throw new IllegalArgumentException("serverErrors must not exceed requests");
		}
		latencyBuckets = (latencyBuckets != null) ? List.copyOf(latencyBuckets) : List.of();
		if (!latencyBuckets.isEmpty() && latencyBuckets.size() != PeerStats.LATENCY_BUCKETS_MILLIS.size() + 1) {
			throw new IllegalArgumentException("latencyBuckets must have "
					+ (PeerStats.LATENCY_BUCKETS_MILLIS.size() + 1) + " counts, got " + latencyBuckets.size());
		}
	}

}
