package dev.baton.nginx.stats;

import java.time.Instant;
import java.util.List;

import dev.baton.contracts.nginx.PeerTally;

/**
 * What nginx counted for an upstream's peers between two readings.
 *
 * @param from the earlier reading
 * @param to the later one
 * @param tallies one per peer with requests or connect failures in between
 */
record Interval(Instant from, Instant to, List<PeerTally> tallies) {

	Interval {
		tallies = List.copyOf(tallies);
	}

}
