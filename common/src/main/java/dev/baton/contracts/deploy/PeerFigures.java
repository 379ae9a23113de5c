package dev.baton.contracts.deploy;

/**
 * What every nginx node saw of a group of peers (a canary's, or the old version's) over a
 * bake: summed over the nodes and the intervals of their {@code PeerStats}.
 *
 * @param requests requests that ended on the peers
 * @param serverErrors those answered with a 5xx status
 * @param connectFailures attempts nginx could not connect to the peers for
 * @param p99Millis the 99th percentile latency, estimated from the latency buckets (the
 * largest bucket bound for requests slower than it); 0 without requests
 */
public record PeerFigures(long requests, long serverErrors, long connectFailures, long p99Millis) {

	public PeerFigures {
		if (requests < 0 || serverErrors < 0 || connectFailures < 0 || p99Millis < 0) {
			throw new IllegalArgumentException("figures must be 0 or more");
		}
		if (serverErrors > requests) {
			throw new IllegalArgumentException("serverErrors must not exceed requests");
		}
	}

}
