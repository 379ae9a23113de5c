package dev.baton.nginx.stats;

import java.time.Instant;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;

import dev.baton.contracts.Endpoint;
import dev.baton.contracts.nginx.PeerTally;
import dev.baton.nginx.dataplane.PeerCounters;
import dev.baton.nginx.dataplane.UpstreamCounters;

/**
 * Turns one upstream's ever-growing counters into what happened over each interval: the
 * difference to what was reported so far. Counters of another epoch (nginx restarted) or
 * lower than before (the peer left the set and came back) start again from zero. nginx
 * adds a worker's counts one counter after the other, so a reading may see a server error
 * whose request it does not see yet: such errors wait for the interval that sees their
 * requests. Used by one thread.
 */
final class IntervalTallies {

	private String epoch;

	private Instant since;

	private Map<Endpoint, PeerCounters> reported = Map.of();

	/**
	 * Takes a reading.
	 * @param reading what nginx holds now
	 * @param at when it was read
	 * @return what happened since the previous reading; empty for the first one
	 */
	Optional<Interval> next(UpstreamCounters reading, Instant at) {
		boolean first = this.since == null;
		boolean sameEpoch = reading.epoch().equals(this.epoch);
		Map<Endpoint, PeerCounters> now = new HashMap<>();
		List<PeerTally> tallies = new ArrayList<>();
		reading.peers().forEach((peer, counters) -> {
			PeerCounters before = sameEpoch ? this.reported.getOrDefault(peer, PeerCounters.NONE) : PeerCounters.NONE;
			if (!grew(before, counters)) {
				before = PeerCounters.NONE;
			}
			PeerCounters counted = between(before, counters);
			now.put(peer, sum(before, counted));
			if (counted.requests() > 0 || counted.connectFailures() > 0) {
				tallies.add(new PeerTally(peer.host(), peer.port(), counted.requests(), counted.serverErrors(),
						counted.connectFailures(), counted.latencyBuckets()));
			}
		});
		Instant from = this.since;
		this.epoch = reading.epoch();
		this.since = at;
		this.reported = now;
		return first ? Optional.empty() : Optional.of(new Interval(from, at, tallies));
	}

	private static boolean grew(PeerCounters before, PeerCounters after) {
		if (after.requests() < before.requests() || after.serverErrors() < before.serverErrors()
				|| after.connectFailures() < before.connectFailures()) {
			return false;
		}
		for (int bucket = 0; bucket < PeerCounters.BUCKETS; bucket++) {
			if (after.latencyBuckets().get(bucket) < before.latencyBuckets().get(bucket)) {
				return false;
			}
		}
		return true;
	}

	private static PeerCounters between(PeerCounters before, PeerCounters after) {
		long requests = after.requests() - before.requests();
		List<Long> buckets = new ArrayList<>(PeerCounters.BUCKETS);
		for (int bucket = 0; bucket < PeerCounters.BUCKETS; bucket++) {
			buckets.add(after.latencyBuckets().get(bucket) - before.latencyBuckets().get(bucket));
		}
		return new PeerCounters(requests, Math.min(after.serverErrors() - before.serverErrors(), requests),
				after.connectFailures() - before.connectFailures(), buckets);
	}

	private static PeerCounters sum(PeerCounters a, PeerCounters b) {
		List<Long> buckets = new ArrayList<>(PeerCounters.BUCKETS);
		for (int bucket = 0; bucket < PeerCounters.BUCKETS; bucket++) {
			buckets.add(a.latencyBuckets().get(bucket) + b.latencyBuckets().get(bucket));
		}
		return new PeerCounters(a.requests() + b.requests(), a.serverErrors() + b.serverErrors(),
				a.connectFailures() + b.connectFailures(), buckets);
	}

}
