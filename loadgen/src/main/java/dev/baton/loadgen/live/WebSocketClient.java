package dev.baton.loadgen.live;

import java.net.http.HttpClient;
import java.util.concurrent.ScheduledExecutorService;
import java.util.concurrent.TimeUnit;
import java.util.function.Consumer;

/**
 * One WebSocket client: holds one connection at a time and opens the next as soon as it
 * ends; after an attempt that never opened, a moment later, so a target that refuses is
 * not hammered.
 */
final class WebSocketClient {

	private static final long RETRY_MILLIS = 500;

	private final String name;

	private final LongLivedSettings settings;

	private final HttpClient http;

	private final ScheduledExecutorService timers;

	private final Runnable onOpen;

	private final Consumer<ConnectionRecord> onEnd;

	private int connections;

	private boolean stopped;

	private WebSocketConnection current;

	/** Whether the current connection ended and was written and counted. */
	private boolean recorded = true;

	WebSocketClient(String name, LongLivedSettings settings, HttpClient http, ScheduledExecutorService timers,
			Runnable onOpen, Consumer<ConnectionRecord> onEnd) {
		this.name = name;
		this.settings = settings;
		this.http = http;
		this.timers = timers;
		this.onOpen = onOpen;
		this.onEnd = onEnd;
	}

	synchronized void connect() {
		if (this.stopped) {
			return;
		}
		this.recorded = false;
		this.current = new WebSocketConnection(this.name, ++this.connections, this.settings, this.timers, this.onOpen,
				this::ended);
		this.current.open(this.http);
	}

	private void ended(ConnectionRecord connection) {
		this.onEnd.accept(connection);
		synchronized (this) {
			this.recorded = true;
			notifyAll();
			if (this.stopped) {
				return;
			}
		}
		if (connection.opened()) {
			this.timers.execute(this::connect);
		}
		else {
			this.timers.schedule(this::connect, RETRY_MILLIS, TimeUnit.MILLISECONDS);
		}
	}

	/** Closes the open connection normally and opens no other. */
	synchronized void stop() {
		this.stopped = true;
		if (this.current != null) {
			this.current.close("stop");
		}
	}

	/**
	 * Waits until the current connection has ended and was written and counted.
	 * @param deadline until when, on {@link System#nanoTime()}
	 */
	synchronized void awaitRecorded(long deadline) {
		long left = deadline - System.nanoTime();
		while (!this.recorded && left > 0) {
			try {
				TimeUnit.NANOSECONDS.timedWait(this, left);
			}
			catch (InterruptedException ex) {
				Thread.currentThread().interrupt();
				return;
			}
			left = deadline - System.nanoTime();
		}
	}

	synchronized void abort() {
		if (this.current != null && !this.current.ended()) {
			this.current.abort();
		}
	}

	synchronized ConnectionRecord snapshot() {
		return (this.current != null && !this.current.ended() && this.current.snapshot().opened())
				? this.current.snapshot() : null;
	}

}
