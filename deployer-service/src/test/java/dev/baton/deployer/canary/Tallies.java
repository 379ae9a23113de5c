package dev.baton.deployer.canary;

import java.util.ArrayList;
import java.util.List;

import dev.baton.contracts.nginx.Figures;
import dev.baton.contracts.nginx.PeerStats;
import dev.baton.contracts.nginx.PeerTally;

/**
 * Tallies as a node would report them for the tests: requests, errors, and all latencies
 * in one bucket.
 */
final class Tallies {

	private Tallies() {
	}

	/**
	 * @param latencyBucket the index of the bucket every request falls in
	 */
	static PeerTally tally(int port, long requests, long errors, int latencyBucket) {
		List<Long> buckets = new ArrayList<>();
		for (int i = 0; i <= PeerStats.LATENCY_BUCKETS_MILLIS.size(); i++) {
			buckets.add((i == latencyBucket) ? requests : 0L);
		}
		return new PeerTally("127.0.0.1", port, requests, errors, 0, buckets);
	}

	static Figures figures(long requests, long errors, int latencyBucket) {
		return Figures.NONE.plus(tally(9001, requests, errors, latencyBucket));
	}

}
