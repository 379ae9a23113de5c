package dev.baton.clock;

/**
 * A monotonic clock: what every Baton service times its own waits and expiries with. The
 * wall clock may jump (NTP, an operator) and another host's wall clock is that host's
 * business, so a deadline is a duration from a moment this process saw, measured here
 * only; the order of two records comes from Kafka, never from the times they carry.
 */
@FunctionalInterface
public interface Ticker {

	/** The JVM's monotonic clock. */
	Ticker SYSTEM = System::nanoTime;

	/**
	 * @return nanoseconds from an arbitrary origin, only ever compared with another
	 * reading of the same ticker
	 */
	long nanos();

}
