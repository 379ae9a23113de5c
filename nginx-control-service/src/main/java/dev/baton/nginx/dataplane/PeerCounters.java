package dev.baton.nginx.dataplane;

import java.util.List;
import java.util.stream.LongStream;

import dev.baton.contracts.nginx.PeerStats;

/**
 * One peer's request statistics as nginx counts them: totals since nginx started, or
 * since the peer last joined the set, which only grow. Differences between two readings
 * are what happened in between.
 *
 * @param requests tries that reached the peer and ended
 * @param serverErrors those that ended with a 5xx status, the peer's or nginx's own
 * @param connectFailures tries nginx could not connect to the peer for
 * @param latencyBuckets tries per latency bucket
 * ({@link PeerStats#LATENCY_BUCKETS_MILLIS}, then one for slower)
 */
public record PeerCounters(long requests, long serverErrors, long connectFailures, List<Long> latencyBuckets) {

	/** How many latency buckets there are. */
	public static final int BUCKETS = PeerStats.LATENCY_BUCKETS_MILLIS.size() + 1;

	/** A peer nginx counted nothing for yet. */
	public static final PeerCounters NONE = new PeerCounters(0, 0, 0,
			LongStream.range(0, BUCKETS).mapToObj((bucket) -> 0L).toList());

	public PeerCounters {
		latencyBuckets = List.copyOf(latencyBuckets);
		if (latencyBuckets.size() != BUCKETS) {
			throw new IllegalArgumentException(
					"expected " + BUCKETS + " latency buckets, got " + latencyBuckets.size());
		}
	}

	/**
	 * Reads the control endpoint's fields: requests, server errors, connect failures,
	 * then the latency buckets.
	 * @param fields the numbers, as text
	 * @return the counters
	 */
	static PeerCounters parse(List<String> fields) {
		if (fields.size() != 3 + BUCKETS) {
			throw new ControlRefusedException("expected " + (3 + BUCKETS) + " counters, got " + fields);
		}
		List<Long> numbers = fields.stream().map(Long::parseLong).toList();
		return new PeerCounters(numbers.get(0), numbers.get(1), numbers.get(2), numbers.subList(3, numbers.size()));
	}

}
