package dev.baton.nginx.sync;

import dev.baton.contracts.nginx.NginxEvent;

/**
 * Where this node's answers and heartbeats go ({@code nginx.events} in production).
 */
public interface NodeEvents {

	void publish(NginxEvent event);

	/**
	 * Returns once every event published so far has been sent (or failed, or a short
	 * bound passed), for an event that must be out before the process ends. Nothing to do
	 * for a publisher that sends synchronously.
	 */
	default void flush() {
	}

}
