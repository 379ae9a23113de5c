package dev.baton.demo;

import java.time.Duration;
import java.util.concurrent.atomic.AtomicInteger;
import java.util.function.Consumer;

/**
 * Counts the peers nginx has up, every 50 ms, on a thread of its own, and tells each
 * change: what a surge deploy promises (never fewer up than before) is checked against
 * nginx's own state, not against what Baton says it did.
 */
public final class PeerSampler implements AutoCloseable {

	/** How often nginx's peers are read. */
	public static final Duration INTERVAL = Duration.ofMillis(50);

	private final AtomicInteger least = new AtomicInteger(Integer.MAX_VALUE);

	private final Thread thread;

	private volatile boolean running = true;

	/**
	 * Starts sampling.
	 * @param stack the stack whose nginx is read
	 * @param changes told {@code "N up in nginx"} at the first sample and each change
	 */
	public PeerSampler(Stack stack, Consumer<String> changes) {
		this.thread = new Thread(() -> {
			int last = -1;
			while (this.running) {
				int up = stack.peersUp();
				this.least.accumulateAndGet(up, Math::min);
				if (up != last) {
					changes.accept(up + " up in nginx");
					last = up;
				}
				try {
					Thread.sleep(INTERVAL.toMillis());
				}
				catch (InterruptedException ex) {
					return;
				}
			}
		}, "peers-sampler");
		this.thread.setDaemon(true);
		this.thread.start();
	}

	/**
	 * The fewest peers up at any sample so far.
	 * @return the count
	 */
	public int least() {
		return this.least.get();
	}

	@Override
	public void close() {
		this.running = false;
		this.thread.interrupt();
		try {
			this.thread.join(1000);
		}
		catch (InterruptedException ex) {
			Thread.currentThread().interrupt();
		}
	}

}
