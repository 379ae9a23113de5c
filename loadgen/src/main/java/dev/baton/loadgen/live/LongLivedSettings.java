package dev.baton.loadgen.live;

import java.net.URI;
import java.nio.file.Path;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;

import dev.baton.loadgen.LoopbackTarget;

/**
 * What long-lived clients to run, and against what.
 *
 * @param target the base URL through nginx, a loopback address such as
 * {@code http://127.0.0.1:8080}
 * @param webSockets how many WebSocket clients, each holding one connection at a time
 * @param webSocketPath the echo endpoint's path
 * @param messageEvery how often each WebSocket sends a message (and expects its echo)
 * @param webSocketLifetime how long each WebSocket stays open before its client closes it
 * normally (1000) and opens the next; {@code null} to keep it until the server closes it
 * or the clients stop. A bounded lifetime lets a drain under the {@code fail} policy end.
 * @param eventStreams how many event stream clients, each reading one stream at a time
 * @param eventsPath the event stream endpoint's path, without its query
 * @param streamSeconds how long each stream is asked to last ({@code ?seconds=})
 * @param openTimeout the longest an opening may take, from the TCP connect to the
 * upgrade's or the stream's first answer: that answer is an HTTP answer like any other,
 * so the load generator gives it its request timeout
 * @param silenceTimeout the longest an event stream may stay silent before its client
 * counts it as cut
 * @param log where each connection's line goes; {@code null} for no file (the summary
 * still counts)
 */
public record LongLivedSettings(URI target, int webSockets, String webSocketPath, Duration messageEvery,
		Duration webSocketLifetime, int eventStreams, String eventsPath, int streamSeconds, Duration openTimeout,
		Duration silenceTimeout, Path log) {

	private static final int MAX_CLIENTS = 10_000;

	public LongLivedSettings {
		LoopbackTarget.require(target);
		requireCount("webSockets", webSockets);
		requireCount("eventStreams", eventStreams);
		requirePath("webSocketPath", webSocketPath);
		requirePath("eventsPath", eventsPath);
		requirePositive("messageEvery", messageEvery);
		requirePositive("openTimeout", openTimeout);
		requirePositive("silenceTimeout", silenceTimeout);
		if (webSocketLifetime != null) {
			requirePositive("webSocketLifetime", webSocketLifetime);
		}
		if (streamSeconds < 1 || streamSeconds > 3600) {
			throw new IllegalArgumentException("streamSeconds must be 1 to 3600, got " + streamSeconds);
		}
	}

	/**
	 * One WebSocket on {@code /ws} sending every second until closed, no event stream
	 * (streams of 30 s on {@code /events} once asked for), an open timeout of 5 s (the
	 * load generator's default request timeout), streams silent for 10 s counted as cut,
	 * no log file.
	 * @param target the base URL
	 * @return the settings
	 */
	public static LongLivedSettings defaults(URI target) {
		return new LongLivedSettings(target, 1, "/ws", Duration.ofSeconds(1), null, 0, "/events", 30,
				Duration.ofSeconds(5), Duration.ofSeconds(10), null);
	}

	public LongLivedSettings withWebSockets(int count) {
		return new LongLivedSettings(this.target, count, this.webSocketPath, this.messageEvery, this.webSocketLifetime,
				this.eventStreams, this.eventsPath, this.streamSeconds, this.openTimeout, this.silenceTimeout,
				this.log);
	}

	public LongLivedSettings withWebSocketLifetime(Duration lifetime) {
		return new LongLivedSettings(this.target, this.webSockets, this.webSocketPath, this.messageEvery, lifetime,
				this.eventStreams, this.eventsPath, this.streamSeconds, this.openTimeout, this.silenceTimeout,
				this.log);
	}

	public LongLivedSettings withEventStreams(int count, int seconds) {
		return new LongLivedSettings(this.target, this.webSockets, this.webSocketPath, this.messageEvery,
				this.webSocketLifetime, count, this.eventsPath, seconds, this.openTimeout, this.silenceTimeout,
				this.log);
	}

	public LongLivedSettings withLog(Path file) {
		return new LongLivedSettings(this.target, this.webSockets, this.webSocketPath, this.messageEvery,
				this.webSocketLifetime, this.eventStreams, this.eventsPath, this.streamSeconds, this.openTimeout,
				this.silenceTimeout, file);
	}

	/**
	 * The load generator's options that ask for these clients, for a process that starts
	 * the generator as a process of its own (after the options of its
	 * {@code LoadSettings}, which give the target and the request timeout the open
	 * timeout follows). The silence timeout keeps its default.
	 * @return the options
	 */
	public List<String> arguments() {
		List<String> arguments = new ArrayList<>(List.of("--websockets", Integer.toString(this.webSockets),
				"--websocket-path", this.webSocketPath, "--message-every", this.messageEvery.toMillis() + "ms",
				"--event-streams", Integer.toString(this.eventStreams), "--events-path", this.eventsPath,
				"--stream-seconds", Integer.toString(this.streamSeconds)));
		if (this.webSocketLifetime != null) {
			arguments.addAll(List.of("--websocket-lifetime", this.webSocketLifetime.toMillis() + "ms"));
		}
		if (this.log != null) {
			arguments.addAll(List.of("--connection-log", this.log.toString()));
		}
		return arguments;
	}

	URI webSocketUri() {
		return URI.create("ws://" + this.target.getRawAuthority() + this.webSocketPath);
	}

	private static void requireCount(String name, int count) {
		if (count < 0 || count > MAX_CLIENTS) {
			throw new IllegalArgumentException(name + " must be 0 to " + MAX_CLIENTS + ", got " + count);
		}
	}

	private static void requirePath(String name, String path) {
		if (path == null || !path.startsWith("/")) {
			throw new IllegalArgumentException(name + " must start with /, got " + path);
		}
	}

	private static void requirePositive(String name, Duration duration) {
		if (duration == null || duration.isNegative() || duration.isZero()) {
			throw new IllegalArgumentException(name + " must be above 0, got " + duration);
		}
	}

}
