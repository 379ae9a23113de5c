package dev.baton.console.view;

import java.time.Instant;
import java.util.List;

/**
 * A service's requests as its nginx nodes counted them, a point a second, summed over
 * nodes and peers: what the page's chart draws. nginx-control publishes the statistics
 * while a deploy or a slow start runs, so the points cover those times.
 *
 * @param service the service
 * @param points oldest first, at most {@link ConsoleView#STATS_KEPT_SECONDS} seconds
 */
public record ServiceStats(String service, List<Point> points) {

	/**
	 * One second of a service's requests.
	 *
	 * @param at the second's start
	 * @param requests requests that ended in it
	 * @param failures those answered with a 5xx, and connections nginx could not make
	 * @param p99Millis the 99th percentile latency, from the latency buckets
	 */
	public record Point(Instant at, long requests, long failures, double p99Millis) {

	}

}
