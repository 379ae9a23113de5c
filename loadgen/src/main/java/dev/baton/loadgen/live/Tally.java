package dev.baton.loadgen.live;

import java.util.Map;
import java.util.TreeMap;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.ConcurrentMap;
import java.util.concurrent.atomic.AtomicLong;
import java.util.concurrent.atomic.LongAdder;

/**
 * Counts connections as they open and end, for {@link LongLivedSummary}.
 */
final class Tally {

	private final AtomicLong open = new AtomicLong();

	private final LongAdder opened = new LongAdder();

	private final LongAdder failedToOpen = new LongAdder();

	private final LongAdder byClient = new LongAdder();

	private final LongAdder byServer = new LongAdder();

	private final LongAdder errors = new LongAdder();

	private final ConcurrentMap<String, LongAdder> serverCloses = new ConcurrentHashMap<>();

	private final LongAdder sent = new LongAdder();

	private final LongAdder received = new LongAdder();

	private final LongAdder unanswered = new LongAdder();

	private final LongAdder bad = new LongAdder();

	void opened() {
		this.opened.increment();
		this.open.incrementAndGet();
	}

	void ended(ConnectionRecord connection) {
		if (!connection.opened()) {
			this.failedToOpen.increment();
			return;
		}
		this.open.decrementAndGet();
		switch (connection.closedBy()) {
			case ConnectionRecord.CLIENT -> this.byClient.increment();
			case ConnectionRecord.SERVER -> {
				this.byServer.increment();
				Object how = (connection.code() != null) ? connection.code() : connection.reason();
				this.serverCloses.computeIfAbsent(connection.kind() + " " + how, (key) -> new LongAdder()).increment();
			}
			default -> this.errors.increment();
		}
		this.sent.add(connection.sent());
		this.received.add(connection.received());
		this.unanswered.add(connection.unanswered());
		this.bad.add(connection.bad());
	}

	LongLivedSummary summary() {
		Map<String, Long> closes = new TreeMap<>();
		this.serverCloses.forEach((how, count) -> closes.put(how, count.sum()));
		return new LongLivedSummary(this.open.get(), this.opened.sum(), this.failedToOpen.sum(), this.byClient.sum(),
				this.byServer.sum(), this.errors.sum(), closes, this.sent.sum(), this.received.sum(),
				this.unanswered.sum(), this.bad.sum());
	}

}
