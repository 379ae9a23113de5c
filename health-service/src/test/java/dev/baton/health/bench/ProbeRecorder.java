package dev.baton.health.bench;

import java.util.Arrays;
import java.util.Map;
import java.util.TreeMap;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.atomic.AtomicInteger;
import java.util.concurrent.atomic.LongAdder;

import dev.baton.health.fleet.ProbeObserver;
import dev.baton.health.probe.ProbeOutcome;
import dev.baton.health.probe.ProbeTarget;

/**
 * Keeps the lateness of every probe of a measurement window, exactly, for percentiles.
 */
final class ProbeRecorder implements ProbeObserver {

	private final long[] lateness;

	private final AtomicInteger count = new AtomicInteger();

	private final Map<String, LongAdder> failures = new ConcurrentHashMap<>();

	private volatile boolean recording;

	ProbeRecorder(int capacity) {
		this.lateness = new long[capacity];
	}

	@Override
	public void probed(ProbeTarget target, long latenessNanos, ProbeOutcome outcome) {
		if (!this.recording) {
			return;
		}
		int index = this.count.getAndIncrement();
		if (index < this.lateness.length) {
			this.lateness[index] = latenessNanos;
		}
		if (!outcome.success()) {
			this.failures.computeIfAbsent(outcome.reason(), (reason) -> new LongAdder()).increment();
		}
	}

	void start() {
		this.count.set(0);
		this.failures.clear();
		this.recording = true;
	}

	void stop() {
		this.recording = false;
	}

	int probes() {
		return this.count.get();
	}

	/**
	 * Failed probes by reason.
	 * @return counts
	 */
	Map<String, Long> failures() {
		Map<String, Long> counts = new TreeMap<>();
		this.failures.forEach((reason, count) -> counts.put(reason, count.sum()));
		return counts;
	}

	/**
	 * A percentile of the recorded lateness.
	 * @param percent 0 to 100
	 * @return the lateness in milliseconds
	 */
	double latenessMillis(double percent) {
		int size = Math.min(this.count.get(), this.lateness.length);
		long[] sorted = Arrays.copyOf(this.lateness, size);
		Arrays.sort(sorted);
		int index = (int) Math.min(size - 1, Math.max(0, Math.ceil(percent / 100 * size) - 1));
		return sorted[index] / 1_000_000.0;
	}

}
