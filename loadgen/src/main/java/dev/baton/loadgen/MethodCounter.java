package dev.baton.loadgen;

import java.util.Map;
import java.util.TreeMap;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.atomic.LongAdder;

import dev.baton.loadgen.LoadResult.MethodTotals;

/**
 * Outcomes of one method's requests, safe to update from many threads.
 */
final class MethodCounter {

	private final LongAdder requests = new LongAdder();

	private final LongAdder succeeded = new LongAdder();

	private final Map<String, LongAdder> statuses = new ConcurrentHashMap<>();

	private final Map<String, LongAdder> errors = new ConcurrentHashMap<>();

	void answered(int status) {
		this.requests.increment();
		if (status >= 200 && status < 300) {
			this.succeeded.increment();
		}
		else {
			this.statuses.computeIfAbsent(Integer.toString(status), (key) -> new LongAdder()).increment();
		}
	}

	void failed(String cause) {
		this.requests.increment();
		this.errors.computeIfAbsent(cause, (key) -> new LongAdder()).increment();
	}

	MethodTotals totals() {
		long all = this.requests.sum();
		long ok = this.succeeded.sum();
		return new MethodTotals(all, ok, all - ok, sums(this.statuses), sums(this.errors));
	}

	private static Map<String, Long> sums(Map<String, LongAdder> counters) {
		Map<String, Long> sums = new TreeMap<>();
		counters.forEach((key, counter) -> sums.put(key, counter.sum()));
		return sums;
	}

}
