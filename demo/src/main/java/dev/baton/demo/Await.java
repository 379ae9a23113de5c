package dev.baton.demo;

import java.time.Duration;
import java.util.function.BooleanSupplier;

/**
 * Waits for a condition the stack will reach (a lifecycle, a served request), checking it
 * every 100 ms, and says which condition was not reached when time runs out.
 */
public final class Await {

	private Await() {
	}

	public static void until(String what, Duration timeout, BooleanSupplier condition) {
		long deadline = System.nanoTime() + timeout.toNanos();
		while (!condition.getAsBoolean()) {
			if (System.nanoTime() > deadline) {
				throw new IllegalStateException("not reached within " + timeout.toSeconds() + " s: " + what);
			}
			pause(Duration.ofMillis(100));
		}
	}

	/**
	 * Lets the load run on its own for a while, before and after a scenario's action, so
	 * the chart shows the steady state around it.
	 * @param duration how long
	 */
	public static void steadyLoad(Duration duration) {
		pause(duration);
	}

	private static void pause(Duration duration) {
		try {
			Thread.sleep(duration.toMillis());
		}
		catch (InterruptedException ex) {
			Thread.currentThread().interrupt();
			throw new IllegalStateException(ex);
		}
	}

}
