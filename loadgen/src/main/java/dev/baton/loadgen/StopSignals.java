package dev.baton.loadgen;

import sun.misc.Signal;

/**
 * Turns SIGTERM and SIGINT into a request to stop, so a run ended by {@code kill} still
 * waits for its outstanding answers, writes its result and exits with its own status
 * rather than 143.
 */
final class StopSignals {

	private StopSignals() {
	}

	/**
	 * Installs the handlers.
	 * @param stop what to do on either signal
	 * @return whether the handlers could be installed (the JVM may reserve a signal)
	 */
	static boolean install(Runnable stop) {
		try {
			Signal.handle(new Signal("TERM"), (signal) -> stop.run());
			Signal.handle(new Signal("INT"), (signal) -> stop.run());
			return true;
		}
		catch (IllegalArgumentException | UnsupportedOperationException ex) {
			return false;
		}
	}

}
