package dev.baton.nginx.sync;

import java.time.Duration;
import java.time.Instant;
import java.util.HashMap;
import java.util.Map;

import dev.baton.contracts.NodeId;
import dev.baton.contracts.nginx.PeerDraining;
import dev.baton.logging.LogContext;

/**
 * Turns the drain poll's counts into {@link PeerDraining} reports operators can watch:
 * the first count above 0 of a drain is reported at once, later ones at most every
 * {@link #INTERVAL}, so a poll every few milliseconds does not flood
 * {@code nginx.events}. Used by the polling thread only.
 */
final class InFlightReports {

	/** The shortest time between two reports of one drain. */
	static final Duration INTERVAL = Duration.ofMillis(500);

	private final NodeId node;

	private final NodeEvents events;

	private final Map<Drain, Long> lastReports = new HashMap<>();

	InFlightReports(NodeId node, NodeEvents events) {
		this.node = node;
		this.events = events;
	}

	/**
	 * Takes a count read while a drain goes on.
	 * @param drain the drain
	 * @param count its peer's requests in flight, above 0
	 * @param now when the count was read, for the report
	 * @param nowNanos the same moment on the node's monotonic clock, which spaces the
	 * reports: a wall clock set back would silence them
	 */
	void counted(Drain drain, long count, Instant now, long nowNanos) {
		Long last = this.lastReports.get(drain);
		if (last != null && nowNanos - last < INTERVAL.toNanos()) {
			return;
		}
		this.lastReports.put(drain, nowNanos);
		try (LogContext context = CommandLogContext.open(drain.commandId(), drain.service(), drain.endpoint())) {
			this.events.publish(new PeerDraining(this.node, drain.commandId(), drain.service(), drain.endpoint().host(),
					drain.endpoint().port(), count, drain.appliedAt(), now));
		}
	}

	/**
	 * Forgets a drain that ended: nothing is reported about it any more.
	 * @param drain the drain
	 */
	void ended(Drain drain) {
		this.lastReports.remove(drain);
	}

}
