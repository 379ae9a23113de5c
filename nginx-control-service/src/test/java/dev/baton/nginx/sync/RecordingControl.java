package dev.baton.nginx.sync;

import java.util.ArrayList;
import java.time.Duration;
import java.util.Collection;
import java.util.HashMap;
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
 * An in-memory stand-in for nginx's control endpoint, for unit tests of the sync logic
 * only; the acceptance tests drive a real nginx.
 */
class RecordingControl implements PeerControl {

	final List<PeerSet> pushes = new ArrayList<>();

	final Map<Endpoint, Long> inFlight = new HashMap<>();

	final Map<ServiceName, PeerSet> held = new LinkedHashMap<>();

	final Map<Endpoint, PeerCounters> counters = new HashMap<>();

	volatile String epoch = "epoch-1";

	volatile boolean down;

	@Override
	public synchronized void replace(PeerSet peers) {
		check();
		this.pushes.add(peers);
		this.held.put(peers.service(), peers);
	}

	@Override
	public synchronized ActualPeers peers(ServiceName service) {
		check();
		return new ActualPeers(0, this.held.getOrDefault(service, new PeerSet(service, List.of())), Map.of());
	}

	@Override
	public synchronized Map<Endpoint, InFlight> inFlight(ServiceName service, Collection<Endpoint> peers, Duration wait,
			Release release) {
		check();
		Map<Endpoint, InFlight> reads = new LinkedHashMap<>();
		peers.forEach((peer) -> reads.put(peer, new InFlight(this.inFlight.getOrDefault(peer, 0L), false)));
		return reads;
	}

	@Override
	public synchronized UpstreamCounters counters(ServiceName service) {
		check();
		Map<Endpoint, PeerCounters> counters = new LinkedHashMap<>();
		this.held.getOrDefault(service, new PeerSet(service, List.of()))
			.peers()
			.forEach((peer) -> counters.put(peer.endpoint(),
					this.counters.getOrDefault(peer.endpoint(), PeerCounters.NONE)));
		return new UpstreamCounters(this.epoch, counters);
	}

	@Override
	public String epoch() {
		check();
		return this.epoch;
	}

	private void check() {
		if (this.down) {
			throw new NginxUnreachableException("down", null);
		}
	}

}
