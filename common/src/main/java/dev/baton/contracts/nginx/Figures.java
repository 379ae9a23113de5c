package dev.baton.contracts.nginx;

import java.util.ArrayList;
import java.util.List;

import dev.baton.contracts.deploy.PeerFigures;

/**
 * A group of peers' tallies summed over nodes and intervals (a canary's or the old
 * version's for the deployer, a service's each second for the console): requests, server
 * errors, connect failures and latency buckets ({@link PeerStats#LATENCY_BUCKETS_MILLIS},
 * then one for slower). A failed attempt is a 5xx answer or a connection nginx could not
 * make.
 *
 * @param requests requests that ended on the peers
 * @param serverErrors those answered with a 5xx status
 * @param connectFailures attempts nginx could not connect for
 * @param buckets requests per latency bucket
 */
public record Figures(long requests, long serverErrors, long connectFailures, List<Long> buckets) {

	private static final List<Integer> BOUNDS = PeerStats.LATENCY_BUCKETS_MILLIS;

	/** No request yet. */
	public static final Figures NONE = new Figures(0, 0, 0, List.of());

	public Figures {
		buckets = List.copyOf(buckets);
	}

	public Figures plus(PeerTally tally) {
		List<Long> sum = new ArrayList<>(this.buckets);
		List<Long> added = tally.latencyBuckets();
		for (int i = 0; i < added.size(); i++) {
			if (i < sum.size()) {
				sum.set(i, sum.get(i) + added.get(i));
			}
			else {
				sum.add(added.get(i));
			}
		}
		return new Figures(this.requests + tally.requests(), this.serverErrors + tally.serverErrors(),
				this.connectFailures + tally.connectFailures(), sum);
	}

	public long attempts() {
		return this.requests + this.connectFailures;
	}

	public long failures() {
		return this.serverErrors + this.connectFailures;
	}

	/**
	 * @return failed attempts in percent of all attempts; 0 without any
	 */
	public double errorPercent() {
		return (attempts() == 0) ? 0 : 100.0 * failures() / attempts();
	}

	/**
	 * A latency quantile as a histogram gives it: linear within the bucket that holds it,
	 * the largest bound for requests slower than every bound.
	 * @param quantile between 0 and 1
	 * @return the latency in milliseconds; 0 without latencies
	 */
	public double latencyMillis(double quantile) {
		long total = this.buckets.stream().mapToLong(Long::longValue).sum();
		if (total == 0) {
			return 0;
		}
		double rank = quantile * total;
		long below = 0;
		for (int i = 0; i < this.buckets.size(); i++) {
			long count = this.buckets.get(i);
			if (count > 0 && below + count >= rank) {
				if (i >= BOUNDS.size()) {
					break;
				}
				double lower = (i == 0) ? 0 : BOUNDS.get(i - 1);
				return lower + (BOUNDS.get(i) - lower) * (rank - below) / count;
			}
			below += count;
		}
		return BOUNDS.get(BOUNDS.size() - 1);
	}

	public double p99Millis() {
		return latencyMillis(0.99);
	}

	public PeerFigures toPeerFigures() {
		return new PeerFigures(this.requests, this.serverErrors, this.connectFailures, Math.round(p99Millis()));
	}

}
