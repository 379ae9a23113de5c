package dev.baton.loadgen;

import java.time.Instant;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.ConcurrentMap;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.LongAdder;

import org.HdrHistogram.ConcurrentHistogram;
import org.HdrHistogram.Histogram;
import org.HdrHistogram.IntCountsHistogram;

import dev.baton.loadgen.LoadResult.Latency;
import dev.baton.loadgen.LoadResult.SecondSample;
import dev.baton.loadgen.RequestMix.Method;

/**
 * Collects every request's outcome: counts by method, status and cause, latency in
 * microseconds from the request's scheduled time, and one bucket per scheduled second.
 * Called from the HTTP client's threads.
 */
final class OutcomeRecorder {

	/** Latencies are recorded up to an hour; a slower answer counts as an hour. */
	private static final long MAX_MICROS = TimeUnit.HOURS.toMicros(1);

	private final MethodCounter get = new MethodCounter();

	private final MethodCounter post = new MethodCounter();

	private final Histogram latency = new ConcurrentHistogram(MAX_MICROS, 3);

	private final ConcurrentMap<Integer, SecondBucket> seconds = new ConcurrentHashMap<>();

	private final LongAdder recentAnswers = new LongAdder();

	private final LongAdder recentFailures = new LongAdder();

	void answered(Method method, int second, int status, long nanos) {
		counter(method).answered(status);
		long micros = Math.min(MAX_MICROS, Math.max(1, nanos / 1000));
		this.latency.recordValue(micros);
		bucket(second).record(micros, status < 200 || status >= 300);
		this.recentAnswers.increment();
		if (status < 200 || status >= 300) {
			this.recentFailures.increment();
		}
	}

	void failed(Method method, int second, String cause) {
		counter(method).failed(cause);
		bucket(second).fail();
		this.recentFailures.increment();
	}

	/**
	 * Answers and failures since the previous call, for progress lines.
	 * @return answers and failures
	 */
	long[] drainRecent() {
		return new long[] { this.recentAnswers.sumThenReset(), this.recentFailures.sumThenReset() };
	}

	LoadResult result(LoadSettings settings, Instant startedAt, double durationSeconds) {
		LoadResult.MethodTotals gets = this.get.totals();
		LoadResult.MethodTotals posts = this.post.totals();
		Histogram all = this.latency.copy();
		Latency summary = new Latency(millis(all.getValueAtPercentile(50)), millis(all.getValueAtPercentile(90)),
				millis(all.getValueAtPercentile(99)), millis(all.getValueAtPercentile(99.9)), millis(all.getMaxValue()),
				(all.getTotalCount() > 0) ? Math.round(all.getMean()) / 1000.0 : 0);
		int last = this.seconds.keySet().stream().mapToInt(Integer::intValue).max().orElse(-1);
		List<SecondSample> perSecond = new ArrayList<>();
		for (int second = 0; second <= last; second++) {
			SecondBucket bucket = this.seconds.get(second);
			perSecond.add((bucket != null) ? bucket.sample(second) : new SecondSample(second, 0, 0, 0, 0, 0));
		}
		return new LoadResult(settings.target().toString(), settings.rate(),
				settings.getWeight() + ":" + settings.postWeight(), startedAt, durationSeconds,
				gets.requests() + posts.requests(), gets.succeeded() + posts.succeeded(),
				gets.failed() + posts.failed(), gets, posts, summary, perSecond);
	}

	private MethodCounter counter(Method method) {
		return (method == Method.GET) ? this.get : this.post;
	}

	private SecondBucket bucket(int second) {
		return this.seconds.computeIfAbsent(second, (key) -> new SecondBucket());
	}

	static double millis(long micros) {
		return micros / 1000.0;
	}

	/** One scheduled second: a small histogram (2 digits) and counts. */
	private static final class SecondBucket {

		private final IntCountsHistogram latency = new IntCountsHistogram(MAX_MICROS, 2);

		private long requests;

		private long errors;

		synchronized void record(long micros, boolean error) {
			this.requests++;
			if (error) {
				this.errors++;
			}
			this.latency.recordValue(micros);
		}

		synchronized void fail() {
			this.requests++;
			this.errors++;
		}

		synchronized SecondSample sample(int second) {
			return new SecondSample(second, this.requests, this.errors, millis(this.latency.getValueAtPercentile(50)),
					millis(this.latency.getValueAtPercentile(99)), millis(this.latency.getMaxValue()));
		}

	}

}
