package dev.baton.nginx.sync;

import java.time.Duration;

import dev.baton.contracts.Endpoint;
import dev.baton.contracts.ServiceName;

/**
 * What the node measures about its own work, so operators can see how fast commands reach
 * nginx and how long drains take without reading {@code nginx.events}. The sync package
 * reports through this port and knows nothing of the metrics library behind it.
 */
public interface NodeMetrics {

	/** Measures nothing: for code paths and tests that do not look at metrics. */
	NodeMetrics NONE = new NodeMetrics() {

		@Override
		public void commandAnswered(ServiceName service, CommandOutcome outcome, Duration sinceWritten) {
		}

		@Override
		public void drainEnded(ServiceName service, Endpoint peer, DrainOutcome outcome, Duration took) {
		}

		@Override
		public void inFlight(ServiceName service, Endpoint peer, long count) {
		}

	};

	/**
	 * A live command was answered.
	 * @param service the upstream the command named
	 * @param outcome applied (nginx confirmed the new peer set) or rejected
	 * @param sinceWritten from the command record's Kafka timestamp, which is the
	 * producer's clock, to the answer on this node's clock; replayed commands are not
	 * measured, their age is not a latency
	 */
	void commandAnswered(ServiceName service, CommandOutcome outcome, Duration sinceWritten);

	/**
	 * A drain ended.
	 * @param service the upstream
	 * @param peer the drained peer
	 * @param outcome drained (no request left) or timed out
	 * @param took from nginx no longer choosing the peer to the end, the figure the
	 * answer carries
	 */
	void drainEnded(ServiceName service, Endpoint peer, DrainOutcome outcome, Duration took);

	/**
	 * The latest in-flight count of a peer being drained.
	 * @param service the upstream
	 * @param peer the peer
	 * @param count requests in flight
	 */
	void inFlight(ServiceName service, Endpoint peer, long count);

	/** How a command ended on this node. */
	enum CommandOutcome {

		/** nginx holds the peer set the command asked for. */
		APPLIED,

		/** The node refused the command or nginx refused its peer set. */
		REJECTED

	}

	/** How a drain ended on this node. */
	enum DrainOutcome {

		/** The peer's in-flight count reached 0. */
		DRAINED,

		/** The drain timeout ran out first. */
		TIMED_OUT

	}

}
