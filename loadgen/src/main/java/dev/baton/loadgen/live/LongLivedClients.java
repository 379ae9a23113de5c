package dev.baton.loadgen.live;

import java.io.IOException;
import java.net.http.HttpClient;
import java.util.ArrayList;
import java.util.List;
import java.util.Objects;
import java.util.concurrent.CopyOnWriteArrayList;
import java.util.concurrent.Executors;
import java.util.concurrent.ScheduledExecutorService;
import java.util.concurrent.TimeUnit;

/**
 * Long-lived clients through nginx: WebSocket clients that each hold a connection, send a
 * message on a fixed period and check its echo, and event stream clients that each read a
 * stream to its end; every client opens its next connection as soon as one ends. Each
 * connection that ends is written as one line to the connection log (when the settings
 * name one), kept in {@link #ended()}, and counted in {@link #summary()}.
 * <p>
 * <pre>
 * try (LongLivedClients clients = LongLivedClients.start(LongLivedSettings.defaults(target)
 *         .withWebSockets(4).withEventStreams(2, 30).withLog(Path.of("connections.jsonl")))) {
 *     ... deploy ...
 *     LongLivedSummary summary = clients.stop();
 * }
 * </pre>
 */
public final class LongLivedClients implements AutoCloseable {

	/**
	 * How long {@link #stop()} waits for every connection to close before it drops the
	 * rest.
	 */
	private static final long STOP_WAIT_MILLIS = 15_000;

	private final Tally tally = new Tally();

	private final List<ConnectionRecord> ended = new CopyOnWriteArrayList<>();

	private final ConnectionLog log;

	private final ScheduledExecutorService timers;

	private final HttpClient http;

	private final List<WebSocketClient> webSockets = new ArrayList<>();

	private final List<EventStreamClient> eventStreams = new ArrayList<>();

	private final List<Thread> streamThreads = new ArrayList<>();

	private LongLivedSummary stopped;

	private LongLivedClients(LongLivedSettings settings, ConnectionLog log) {
		this.log = log;
		this.timers = Executors.newScheduledThreadPool(2, (task) -> {
			Thread thread = new Thread(task, "loadgen-live-timer");
			thread.setDaemon(true);
			return thread;
		});
		this.http = HttpClient.newBuilder().connectTimeout(settings.openTimeout()).build();
		for (int i = 1; i <= settings.webSockets(); i++) {
			this.webSockets
				.add(new WebSocketClient("ws-" + i, settings, this.http, this.timers, this.tally::opened, this::ended));
		}
		for (int i = 1; i <= settings.eventStreams(); i++) {
			this.eventStreams.add(new EventStreamClient("events-" + i, settings, this.tally::opened, this::ended));
		}
	}

	/**
	 * Starts the clients; each opens its first connection at once.
	 * @param settings what to run
	 * @return the running clients
	 * @throws IOException when the connection log cannot be opened
	 */
	public static LongLivedClients start(LongLivedSettings settings) throws IOException {
		Objects.requireNonNull(settings, "settings");
		ConnectionLog log = (settings.log() != null) ? ConnectionLog.appendingTo(settings.log()) : null;
		LongLivedClients clients = new LongLivedClients(settings, log);
		clients.webSockets.forEach(WebSocketClient::connect);
		for (EventStreamClient client : clients.eventStreams) {
			Thread thread = new Thread(client, "loadgen-" + client.name());
			thread.setDaemon(true);
			clients.streamThreads.add(thread);
			thread.start();
		}
		return clients;
	}

	private void ended(ConnectionRecord connection) {
		if (this.log != null) {
			this.log.write(connection);
		}
		this.ended.add(connection);
		this.tally.ended(connection);
	}

	/**
	 * @return the counters now
	 */
	public LongLivedSummary summary() {
		return this.tally.summary();
	}

	/**
	 * @return every connection that ended so far, in the order they ended
	 */
	public List<ConnectionRecord> ended() {
		return List.copyOf(this.ended);
	}

	/**
	 * @return the connections open now, as they stand (no close yet): which instance each
	 * talks to, and its counts so far
	 */
	public List<ConnectionRecord> openNow() {
		List<ConnectionRecord> open = new ArrayList<>();
		this.webSockets.stream().map(WebSocketClient::snapshot).filter(Objects::nonNull).forEach(open::add);
		this.eventStreams.stream().map(EventStreamClient::snapshot).filter(Objects::nonNull).forEach(open::add);
		return open;
	}

	/**
	 * Stops every client: each WebSocket is closed normally (1000, reason {@code stop})
	 * and each event stream's connection closed, every one written to the log as closed
	 * by the client; a WebSocket whose server does not answer its close in time is
	 * dropped and written as an error. Calling it again returns the same summary.
	 * @return the final counters
	 */
	public synchronized LongLivedSummary stop() {
		if (this.stopped != null) {
			return this.stopped;
		}
		this.webSockets.forEach(WebSocketClient::stop);
		this.eventStreams.forEach(EventStreamClient::stop);
		long deadline = System.nanoTime() + TimeUnit.MILLISECONDS.toNanos(STOP_WAIT_MILLIS);
		for (Thread thread : this.streamThreads) {
			join(thread, deadline);
		}
		for (WebSocketClient client : this.webSockets) {
			client.awaitRecorded(deadline);
			client.abort();
		}
		this.timers.shutdownNow();
		if (this.log != null) {
			try {
				this.log.close();
			}
			catch (IOException ex) {
				// Every line was flushed when written.
			}
		}
		this.stopped = this.tally.summary();
		return this.stopped;
	}

	@Override
	public void close() {
		stop();
	}

	private static void join(Thread thread, long deadline) {
		try {
			thread.join(Math.max(1, TimeUnit.NANOSECONDS.toMillis(deadline - System.nanoTime())));
		}
		catch (InterruptedException ex) {
			Thread.currentThread().interrupt();
		}
	}

}
