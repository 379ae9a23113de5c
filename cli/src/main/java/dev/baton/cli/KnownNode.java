package dev.baton.cli;

import java.time.Duration;
import java.time.Instant;
import java.util.List;

/**
 * One nginx node as {@code nginx.events} describes it: its latest heartbeat and, when it
 * came after that heartbeat, the word that took it out of the set of nodes deploys wait
 * for ({@code NodeLeft} or {@code NodeForgotten}).
 *
 * @param nodeId the node
 * @param services the upstreams its latest heartbeat named
 * @param epoch the nginx shared memory its latest heartbeat named
 * @param lastHeartbeat when its latest heartbeat was sent, or null if none was read
 * @param intervalMillis how often it said it sends heartbeats
 * @param departure what took it out since its latest heartbeat, or null
 */
record KnownNode(String nodeId, List<String> services, String epoch, Instant lastHeartbeat, long intervalMillis,
		Departure departure) {

	/** Heartbeats a node may miss before deploys count it as silent. */
	static final int MISSED_HEARTBEATS = 3;

	/**
	 * How the deployer sees the node now: silence alone never takes a node out of the set
	 * of nodes a deploy waits for, only its own word, an operator's or the expiry.
	 * @param now the current time
	 * @param expiry how long a silent node is still waited for
	 * @return the state
	 */
	NodeState state(Instant now, Duration expiry) {
		if (this.departure != null) {
			return this.departure.forgotten() ? NodeState.FORGOTTEN : NodeState.LEFT;
		}
		Duration silence = silence(now);
		if (silence.compareTo(expiry) > 0) {
			return NodeState.EXPIRED;
		}
		return (silence.toMillis() > MISSED_HEARTBEATS * this.intervalMillis) ? NodeState.SILENT : NodeState.LIVE;
	}

	/**
	 * The state in a few words, for a person.
	 * @param now the current time
	 * @param expiry the node expiry
	 * @return for example {@code silent 40s, still waited for}
	 */
	String describe(Instant now, Duration expiry) {
		return switch (state(now, expiry)) {
			case LIVE -> "live";
			case SILENT -> "silent " + Durations.brief(silence(now)) + ", still waited for";
			case EXPIRED ->
				"expired (silent " + Durations.brief(silence(now)) + ", expiry " + Durations.brief(expiry) + ")";
			case LEFT -> "left" + suffix(this.departure.reason());
			case FORGOTTEN -> "forgotten by " + this.departure.by() + suffix(this.departure.reason());
		};
	}

	/**
	 * How long since its latest heartbeat; zero when none was read or its clock is ahead.
	 * @param now the current time
	 * @return the silence
	 */
	Duration silence(Instant now) {
		if (this.lastHeartbeat == null || this.lastHeartbeat.isAfter(now)) {
			return Duration.ZERO;
		}
		return Duration.between(this.lastHeartbeat, now);
	}

	/**
	 * This node, taken out of the set of nodes deploys wait for.
	 * @param departure its own word or an operator's
	 * @return the node with its departure
	 */
	KnownNode departed(Departure departure) {
		return new KnownNode(this.nodeId, this.services, this.epoch, this.lastHeartbeat, this.intervalMillis,
				departure);
	}

	private static String suffix(String reason) {
		return reason.isBlank() ? "" : ": " + reason;
	}

	/**
	 * The node's own {@code NodeLeft} or an operator's {@code NodeForgotten}.
	 *
	 * @param forgotten whether an operator removed the node
	 * @param by who asked (the node itself for a {@code NodeLeft})
	 * @param reason why
	 * @param at when
	 */
	record Departure(boolean forgotten, String by, String reason, Instant at) {

	}

}
