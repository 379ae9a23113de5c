package dev.baton.loadgen.live;

import java.util.concurrent.CountDownLatch;
import java.util.concurrent.TimeUnit;
import java.util.function.Consumer;

/**
 * One event stream client on a thread of its own: reads one stream at a time and opens
 * the next as soon as it ends; after an attempt that never opened, a moment later.
 */
final class EventStreamClient implements Runnable {

	private static final long RETRY_MILLIS = 500;

	private final String name;

	private final LongLivedSettings settings;

	private final Runnable onOpen;

	private final Consumer<ConnectionRecord> onEnd;

	private final CountDownLatch stopped = new CountDownLatch(1);

	private volatile EventStreamConnection current;

	EventStreamClient(String name, LongLivedSettings settings, Runnable onOpen, Consumer<ConnectionRecord> onEnd) {
		this.name = name;
		this.settings = settings;
		this.onOpen = onOpen;
		this.onEnd = onEnd;
	}

	String name() {
		return this.name;
	}

	@Override
	public void run() {
		for (int number = 1; this.stopped.getCount() > 0; number++) {
			this.current = new EventStreamConnection(this.name, number, this.settings, this.onOpen);
			if (this.stopped.getCount() == 0) {
				return;
			}
			ConnectionRecord connection = this.current.run();
			if (connection == null) {
				return;
			}
			this.onEnd.accept(connection);
			if (!connection.opened() && awaitStop(RETRY_MILLIS)) {
				return;
			}
		}
	}

	private boolean awaitStop(long millis) {
		try {
			return this.stopped.await(millis, TimeUnit.MILLISECONDS);
		}
		catch (InterruptedException ex) {
			Thread.currentThread().interrupt();
			return true;
		}
	}

	/** Ends the open stream and opens no other. */
	void stop() {
		this.stopped.countDown();
		EventStreamConnection open = this.current;
		if (open != null) {
			open.stop();
		}
	}

	ConnectionRecord snapshot() {
		EventStreamConnection open = this.current;
		ConnectionRecord now = (open != null) ? open.snapshot() : null;
		return (now != null && now.opened()) ? now : null;
	}

}
