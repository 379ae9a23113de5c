package dev.baton.loadgen.live;

import java.net.http.HttpClient;
import java.net.http.WebSocket;
import java.time.Instant;
import java.util.Queue;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.CompletionException;
import java.util.concurrent.CompletionStage;
import java.util.concurrent.ConcurrentLinkedQueue;
import java.util.concurrent.ScheduledExecutorService;
import java.util.concurrent.ScheduledFuture;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicBoolean;
import java.util.concurrent.atomic.AtomicLong;
import java.util.function.Consumer;

import tools.jackson.core.JacksonException;
import tools.jackson.databind.JsonNode;
import tools.jackson.databind.json.JsonMapper;

/**
 * One WebSocket of a client: sends a message on a fixed period, checks that each echo
 * answers the oldest message not yet answered (a WebSocket keeps order), and ends once:
 * on the server's close, on a failure, or on the client's own close.
 */
final class WebSocketConnection implements WebSocket.Listener {

	/**
	 * How long the server has to answer the client's close before the socket is dropped.
	 */
	private static final long CLOSE_REPLY_SECONDS = 10;

	private static final JsonMapper JSON = JsonMapper.builder().build();

	private final String client;

	private final int number;

	private final LongLivedSettings settings;

	private final ScheduledExecutorService timers;

	private final Runnable onOpen;

	private final Consumer<ConnectionRecord> onEnd;

	private final Queue<String> pending = new ConcurrentLinkedQueue<>();

	private final StringBuilder partial = new StringBuilder();

	private final AtomicLong sent = new AtomicLong();

	private final AtomicLong received = new AtomicLong();

	private final AtomicLong bad = new AtomicLong();

	private final AtomicBoolean ended = new AtomicBoolean();

	private volatile WebSocket socket;

	private volatile Instant openedAt;

	private volatile long openedNanos;

	private volatile String version;

	private volatile Integer port;

	private boolean closing;

	private CompletableFuture<?> sending = CompletableFuture.completedFuture(null);

	private ScheduledFuture<?> ticker;

	private ScheduledFuture<?> lifetime;

	WebSocketConnection(String client, int number, LongLivedSettings settings, ScheduledExecutorService timers,
			Runnable onOpen, Consumer<ConnectionRecord> onEnd) {
		this.client = client;
		this.number = number;
		this.settings = settings;
		this.timers = timers;
		this.onOpen = onOpen;
		this.onEnd = onEnd;
	}

	void open(HttpClient http) {
		http.newWebSocketBuilder()
			.connectTimeout(this.settings.openTimeout())
			.buildAsync(this.settings.webSocketUri(), this)
			.whenComplete((socket, error) -> {
				if (error != null) {
					end(ConnectionRecord.ERROR, null, null, describe(error));
				}
			});
	}

	@Override
	public synchronized void onOpen(WebSocket webSocket) {
		this.socket = webSocket;
		this.openedAt = Instant.now();
		this.openedNanos = System.nanoTime();
		this.onOpen.run();
		webSocket.request(1);
		long every = this.settings.messageEvery().toMillis();
		this.ticker = this.timers.scheduleAtFixedRate(this::send, 0, every, TimeUnit.MILLISECONDS);
		if (this.settings.webSocketLifetime() != null) {
			this.lifetime = this.timers.schedule(() -> close("lifetime"), this.settings.webSocketLifetime().toMillis(),
					TimeUnit.MILLISECONDS);
		}
		if (this.closing) {
			// The clients stopped while this one was opening.
			this.closing = false;
			close("stop");
		}
	}

	private synchronized void send() {
		if (this.closing || this.ended.get()) {
			return;
		}
		String message = this.client + "/" + this.number + "/" + (this.sent.get() + 1);
		// Pending before it leaves, so that its echo always finds it.
		this.pending.add(message);
		this.sent.incrementAndGet();
		WebSocket open = this.socket;
		this.sending = this.sending.handle((ignored, error) -> null)
			.thenCompose((ignored) -> open.sendText(message, true));
	}

	@Override
	public CompletionStage<?> onText(WebSocket webSocket, CharSequence data, boolean last) {
		this.partial.append(data);
		if (last) {
			check(this.partial.toString());
			this.partial.setLength(0);
		}
		webSocket.request(1);
		return null;
	}

	private void check(String answer) {
		this.received.incrementAndGet();
		String expected = this.pending.poll();
		try {
			JsonNode echo = JSON.readTree(answer);
			this.version = echo.path("version").asString(null);
			this.port = echo.path("port").isInt() ? echo.get("port").asInt() : null;
			if (expected == null || !expected.equals(echo.path("echo").asString(null))) {
				this.bad.incrementAndGet();
			}
		}
		catch (JacksonException ex) {
			this.bad.incrementAndGet();
		}
	}

	@Override
	public CompletionStage<?> onClose(WebSocket webSocket, int statusCode, String reason) {
		end(closedByClient() ? ConnectionRecord.CLIENT : ConnectionRecord.SERVER, statusCode, reason, null);
		// Returning completes the close: the JDK answers the server's close frame.
		return null;
	}

	@Override
	public void onError(WebSocket webSocket, Throwable error) {
		end(ConnectionRecord.ERROR, null, null, describe(error));
	}

	/**
	 * Closes normally (1000) and waits for the server's close, which follows the echoes
	 * of every message sent before it.
	 * @param reason the close reason
	 */
	synchronized void close(String reason) {
		if (this.ended.get() || this.closing) {
			return;
		}
		this.closing = true;
		WebSocket open = this.socket;
		if (open == null) {
			// Still opening: onOpen closes it.
			return;
		}
		cancel(this.ticker);
		this.sending = this.sending.handle((ignored, error) -> null)
			.thenCompose((ignored) -> open.sendClose(WebSocket.NORMAL_CLOSURE, reason));
		this.timers.schedule(() -> {
			if (!this.ended.get()) {
				open.abort();
				end(ConnectionRecord.ERROR, null, null, "no close reply within " + CLOSE_REPLY_SECONDS + " s");
			}
		}, CLOSE_REPLY_SECONDS, TimeUnit.SECONDS);
	}

	private synchronized boolean closedByClient() {
		return this.closing;
	}

	boolean ended() {
		return this.ended.get();
	}

	/** Aborts what is left, when the server never answered a close in time. */
	void abort() {
		WebSocket open = this.socket;
		if (open != null) {
			open.abort();
		}
		end(ConnectionRecord.ERROR, null, null, "aborted: still open when the clients stopped");
	}

	private void end(String closedBy, Integer code, String reason, String error) {
		if (!this.ended.compareAndSet(false, true)) {
			return;
		}
		cancel(this.ticker);
		cancel(this.lifetime);
		this.onEnd.accept(record(Instant.now(), closedBy, code, reason, error));
	}

	/**
	 * @return the connection as it stands, not closed
	 */
	ConnectionRecord snapshot() {
		return record(null, null, null, null, null);
	}

	private ConnectionRecord record(Instant closedAt, String closedBy, Integer code, String reason, String error) {
		Instant opened = this.openedAt;
		long millis = (opened != null) ? TimeUnit.NANOSECONDS.toMillis(System.nanoTime() - this.openedNanos) : 0;
		return new ConnectionRecord(ConnectionRecord.WEBSOCKET, this.client, this.number, opened, closedAt, millis,
				closedBy, code, (reason == null || reason.isEmpty()) ? null : reason, error, this.sent.get(),
				this.received.get(), this.pending.size(), this.bad.get(), this.version, this.port);
	}

	private static void cancel(ScheduledFuture<?> future) {
		if (future != null) {
			future.cancel(false);
		}
	}

	static String describe(Throwable error) {
		Throwable cause = (error instanceof CompletionException && error.getCause() != null) ? error.getCause() : error;
		String message = cause.getMessage();
		return cause.getClass().getSimpleName() + ((message != null) ? ": " + message : "");
	}

}
