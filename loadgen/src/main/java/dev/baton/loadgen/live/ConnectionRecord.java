package dev.baton.loadgen.live;

import java.time.Instant;

/**
 * One connection of a long-lived client, from its opening to its close: one line of the
 * connection log. A checker judges the connection from this line alone.
 *
 * @param kind {@link #WEBSOCKET} or {@link #EVENTS}
 * @param client the client's name ({@code ws-1}, {@code events-2}); one client holds one
 * connection at a time and opens the next when it closes
 * @param connection the client's connection number, from 1
 * @param openedAt when it opened (the upgrade or the stream's headers arrived);
 * {@code null} when it never opened, {@code error} then says why
 * @param closedAt when it closed, or when the attempt to open failed
 * @param millis how long it was open, on this process's monotonic clock; 0 when it never
 * opened
 * @param closedBy {@link #CLIENT} (the client's bounded lifetime, or the clients
 * stopped), {@link #SERVER} (a WebSocket close frame, or an event stream's {@code end}
 * event and clean end), or {@link #ERROR} (never opened, reset, cut, or silent too long)
 * @param code the WebSocket close code received (1000 normal, 1001 going away, ...);
 * {@code null} for an event stream or an error
 * @param reason the WebSocket close reason, or the event stream's {@code end} reason
 * ({@code complete}, {@code going away}); {@code null} when there was none
 * @param error what went wrong when {@code closedBy} is {@link #ERROR}, else {@code null}
 * @param sent WebSocket messages sent; 0 for an event stream
 * @param received echoes received, or {@code tick} events received
 * @param unanswered WebSocket messages sent and never echoed; 0 for an event stream
 * @param bad echoes that did not match the message they answer, or ticks out of sequence
 * (an event lost); 0 when all is well
 * @param version the version of the instance that answered, as it said; {@code null} when
 * it said nothing
 * @param port the port of the instance that answered, as it said; {@code null} when it
 * said nothing
 */
public record ConnectionRecord(String kind, String client, int connection, Instant openedAt, Instant closedAt,
		long millis, String closedBy, Integer code, String reason, String error, long sent, long received,
		long unanswered, long bad, String version, Integer port) {

	/** A WebSocket on the echo endpoint. */
	public static final String WEBSOCKET = "websocket";

	/** A server-sent event stream. */
	public static final String EVENTS = "events";

	/** Closed by the client. */
	public static final String CLIENT = "client";

	/** Closed by the server, cleanly. */
	public static final String SERVER = "server";

	/** Ended by a failure. */
	public static final String ERROR = "error";

	/**
	 * @return whether the connection ever opened
	 */
	public boolean opened() {
		return this.openedAt != null;
	}

}
