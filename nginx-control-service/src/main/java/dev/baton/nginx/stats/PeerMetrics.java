package dev.baton.nginx.stats;

import java.util.List;
import java.util.Set;

import dev.baton.contracts.Endpoint;
import dev.baton.contracts.ServiceName;
import dev.baton.contracts.nginx.PeerTally;

/**
 * Where the peers' statistics go besides {@code nginx.events}: the node's metrics. The
 * stats package reports through this port and knows nothing of the metrics library behind
 * it.
 */
public interface PeerMetrics {

	/**
	 * What nginx counted for an upstream's peers over one interval.
	 * @param service the upstream
	 * @param peers every peer in its set now: the series of any other peer go
	 * @param interval the tallies of the peers that had requests or connect failures
	 */
	void counted(ServiceName service, Set<Endpoint> peers, List<PeerTally> interval);

}
