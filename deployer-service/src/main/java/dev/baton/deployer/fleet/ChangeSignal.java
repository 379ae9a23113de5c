package dev.baton.deployer.fleet;

import java.util.concurrent.CompletableFuture;

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

	synchronized void signal() {
		CompletableFuture<Void> done = this.next;
		this.next = new CompletableFuture<>();
		done.complete(null);
	}

}
