package dev.baton.demo.soak.check;

import java.time.Instant;

import tools.jackson.databind.JsonNode;

/**
 * One line of the load generator's connection log: a WebSocket or an event stream from
 * its opening to its end, read as plain JSON.
 *
 * @param kind {@code websocket} or {@code events}
 * @param name the client and its connection's number, for the report
 * @param closedAt when it ended, milliseconds since the epoch
 * @param closedBy {@code client}, {@code server} or {@code error}
 * @param reason the close reason or the stream's end reason, or the error
 * @param unanswered WebSocket messages never echoed
 * @param bad echoes that did not match, or events out of sequence
 * @param port the port of the instance that answered, 0 when unknown
 */
record LongLivedConnection(String kind, String name, long closedAt, String closedBy, String reason, long unanswered,
		long bad, int port) {

	/** The close code a WebSocket client reports when no close frame came. */
	static final int ABNORMAL_CLOSURE = 1006;

	static LongLivedConnection of(JsonNode line) {
		String reason = line.path("error").isTextual() ? line.path("error").asString()
				: line.path("reason").asString("")
						+ (line.path("code").isNumber() ? " (" + line.path("code").asInt() + ")" : "");
		return new LongLivedConnection(line.path("kind").asString(),
				line.path("client").asString() + "#" + line.path("connection").asInt(), millis(line.path("closedAt")),
				line.path("closedBy").asString(), reason, line.path("unanswered").asLong(), line.path("bad").asLong(),
				line.path("port").asInt(0));
	}

	private static long millis(JsonNode at) {
		if (at.isNumber()) {
			return Math.round(at.asDouble() * 1000);
		}
		return at.isTextual() ? Instant.parse(at.asString()).toEpochMilli() : 0;
	}

	/**
	 * What is wrong with how it ended, if anything: it may end by the client's hand (its
	 * lifetime, or the clients stopping) or, for an event stream, by its server
	 * completing it; never by the server otherwise (a WebSocket closed, or a stream ended
	 * early, by an app shutting down under a drain that did not wait), nor by an error,
	 * nor with a message lost.
	 * @return the wrong, or null
	 */
	String wrong() {
		if (this.bad > 0 || this.unanswered > 0) {
			return this.kind + " " + this.name + " lost messages: " + this.unanswered + " unanswered, " + this.bad
					+ " wrong or out of order";
		}
		boolean completed = this.kind.equals("events") && this.closedBy.equals("server")
				&& this.reason.startsWith("complete");
		if (this.closedBy.equals("client") || completed) {
			return null;
		}
		return this.kind + " " + this.name + " on port " + this.port + " ended by the " + this.closedBy + ": "
				+ this.reason;
	}

	/**
	 * Whether the connection was cut rather than closed: an error, or a WebSocket that
	 * ended without a close frame (the client reports 1006, abnormal closure, as if the
	 * server had closed it).
	 * @return true when cut
	 */
	boolean cut() {
		return this.closedBy.equals("error") || this.reason.endsWith("(" + ABNORMAL_CLOSURE + ")");
	}

}
