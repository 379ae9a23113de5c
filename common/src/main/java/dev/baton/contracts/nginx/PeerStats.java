package dev.baton.contracts.nginx;

import java.time.Instant;
import java.util.List;
import java.util.Objects;

import dev.baton.contracts.NodeId;
import dev.baton.contracts.ServiceName;

/**
 * What one node's nginx saw of a service's peers over one interval (about a second):
 * requests, server errors and connect failures per peer, and their latencies in fixed
 * buckets. Published while a deploy or a slow start runs, so a canary's figures can be
 * compared with the old version's over the same window; the deployer knows which peer
 * runs which version.
 *
 * @param nodeId the node
 * @param service the upstream
 * @param from the start of the interval
 * @param to its end
 * @param peers one tally per peer that had requests in the interval
 */
public record PeerStats(NodeId nodeId, ServiceName service, Instant from, Instant to,
		List<PeerTally> peers) implements NginxEvent {

	/**
	 * The upper bounds of the latency buckets, in milliseconds; a last bucket counts
	 * everything slower.
	 */
	public static final List<Integer> LATENCY_BUCKETS_MILLIS = List.of(5, 10, 25, 50, 100, 250, 500, 1000, 2500, 5000);

	public PeerStats {
		Objects.requireNonNull(nodeId, "nodeId is required");
		Objects.requireNonNull(service, "service is required");
		Objects.requireNonNull(from, "from is required");
		Objects.requireNonNull(to, "to is required");
		if (to.isBefore(from)) {
			throw new IllegalArgumentException("to must not be before from");
		}
		peers = (peers != null) ? List.copyOf(peers) : List.of();
	}

}
