package dev.baton.loadgen;

import java.time.Instant;
import java.util.List;
import java.util.Map;

/**
 * What a load run saw, as written to JSON: totals, failures by method and cause, latency
 * percentiles, and one sample per second of the run.
 *
 * @param target the base URL
 * @param rate the configured requests per second
 * @param mix GET and POST weights, {@code "2:1"}
 * @param startedAt when the first request was scheduled (wall clock, to line up with
 * deploy steps)
 * @param durationSeconds how long requests were sent
 * @param requests requests scheduled
 * @param succeeded requests answered 2xx
 * @param failed requests answered otherwise or not at all
 * @param get GET requests
 * @param post POST requests
 * @param latency latency of every answered request, measured from its scheduled time
 * @param perSecond one sample per second, by scheduled time
 */
public record LoadResult(String target, double rate, String mix, Instant startedAt, double durationSeconds,
		long requests, long succeeded, long failed, MethodTotals get, MethodTotals post, Latency latency,
		List<SecondSample> perSecond) {

	/**
	 * Requests of one method.
	 *
	 * @param requests requests scheduled
	 * @param succeeded answered 2xx
	 * @param failed answered otherwise or not at all
	 * @param statuses non-2xx answers by status code
	 * @param errors requests without an answer, by cause ({@code refused}, {@code reset},
	 * {@code closed}, {@code timeout}, …)
	 */
	public record MethodTotals(long requests, long succeeded, long failed, Map<String, Long> statuses,
			Map<String, Long> errors) {

	}

	/**
	 * Latency percentiles in milliseconds.
	 *
	 * @param p50 median
	 * @param p90 90th percentile
	 * @param p99 99th percentile
	 * @param p999 99.9th percentile
	 * @param max slowest
	 * @param mean mean
	 */
	public record Latency(double p50, double p90, double p99, double p999, double max, double mean) {

	}

	/**
	 * One second of the run.
	 *
	 * @param second seconds since the start
	 * @param requests requests scheduled in that second
	 * @param errors of those, how many failed
	 * @param p50 median latency in ms of those answered
	 * @param p99 99th percentile latency in ms
	 * @param max slowest answer in ms
	 */
	public record SecondSample(int second, long requests, long errors, double p50, double p99, double max) {

	}

}
