package dev.baton.deployer.fleet;

import java.time.Duration;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.ExecutionException;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.TimeoutException;

/**
 * Wakes whoever waits for the fleet to change: each change completes the future handed
 * out before it, so a waiter re-checks on news rather than on a timer.
 */
public final class ChangeSignal {

	private CompletableFuture<Void> next = new CompletableFuture<>();

	/**
	 * The future the next change completes; take it before reading what it guards, so
	 * that a change in between is not missed.
	 * @return the future
	 */
	public synchronized CompletableFuture<Void> next() {
		return this.next;
	}

	/**
	 * Waits until a change completes the future taken before, or the time runs out,
	 * whichever comes first; either way the caller reads again what the future guards.
	 * @param change the future from {@link #next()} (or any future a change completes)
	 * @param atMost how long to wait
	 */
	public static void awaitAtMost(CompletableFuture<Void> change, Duration atMost) throws InterruptedException {
		try {
			change.get(Math.max(1, atMost.toNanos()), TimeUnit.NANOSECONDS);
		}
		catch (TimeoutException ex) {
			// the time ran out first: the caller reads again
		}
		catch (ExecutionException ex) {
			throw new IllegalStateException("change signals never fail", ex);
		}
	}

	synchronized void signal() {
		CompletableFuture<Void> done = this.next;
		this.next = new CompletableFuture<>();
		done.complete(null);
	}

}
