package dev.baton.nginx.sync;

import java.time.Duration;
import java.time.Instant;

import dev.baton.contracts.Endpoint;
import dev.baton.contracts.ServiceName;

/**
 * What the node measures about its own work, so operators can see how fast commands reach
 * nginx and how long drains take without reading {@code nginx.events}. The sync package
 * reports through this port and knows nothing of the metrics library behind it.
 */
public interface NodeMetrics {

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
	 * A command was answered: measured when it is live, not when it was replayed.
	 * @param service the upstream the command named
	 * @param outcome applied or rejected
	 * @param writtenAt the command record's Kafka timestamp, null for a replayed command
	 * @param answeredAt when this node answered it
	 */
	default void commandAnswered(ServiceName service, CommandOutcome outcome, Instant writtenAt, Instant answeredAt) {
		if (writtenAt != null) {
			commandAnswered(service, outcome, Duration.between(writtenAt, answeredAt));
		}
	}

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
