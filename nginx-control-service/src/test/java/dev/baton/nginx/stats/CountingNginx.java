package dev.baton.nginx.stats;

import java.time.Duration;
import java.util.ArrayList;
import java.util.Collection;
import java.util.Collections;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

import dev.baton.contracts.Endpoint;
import dev.baton.contracts.ServiceName;
import dev.baton.nginx.dataplane.ActualPeers;
import dev.baton.nginx.dataplane.InFlight;
import dev.baton.nginx.dataplane.NginxUnreachableException;
import dev.baton.nginx.dataplane.PeerControl;
import dev.baton.nginx.dataplane.PeerCounters;
import dev.baton.nginx.dataplane.Release;
import dev.baton.nginx.dataplane.UpstreamCounters;
import dev.baton.nginx.peers.PeerSet;

/**
 * An nginx that only counts, for unit tests of the statistics: the counters a test sets,
 * under the epoch it sets.
 */
class CountingNginx implements PeerControl {

	final Map<Endpoint, PeerCounters> counters = new LinkedHashMap<>();

	volatile String epoch = "epoch-1";

	volatile boolean down;

	/** Sets a peer's counters: requests, server errors, connect failures, all fast. */
	void count(Endpoint peer, long requests, long serverErrors, long connectFailures) {
		List<Long> buckets = new ArrayList<>(Collections.nCopies(PeerCounters.BUCKETS, 0L));
		buckets.set(0, requests);
		this.counters.put(peer, new PeerCounters(requests, serverErrors, connectFailures, buckets));
	}

	@Override
	public UpstreamCounters counters(ServiceName service) {
		if (this.down) {
			throw new NginxUnreachableException("down", null);
		}
		return new UpstreamCounters(this.epoch, this.counters);
	}

	@Override
	public void replace(PeerSet peers) {
		throw new UnsupportedOperationException();
	}

	@Override
	public ActualPeers peers(ServiceName service) {
		throw new UnsupportedOperationException();
	}

	@Override
	public Map<Endpoint, InFlight> inFlight(ServiceName service, Collection<Endpoint> peers, Duration wait,
			Release release) {
		throw new UnsupportedOperationException();
	}

	@Override
	public String epoch() {
		return this.epoch;
	}

}
