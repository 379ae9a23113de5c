package dev.baton.nginx.sync;

/**
 * A monotonic clock: how a node times a drain. The wall clock may jump (NTP, an operator)
 * and is another host's business; a drain's deadline is a duration from when this node
 * applied the command, measured here only.
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
