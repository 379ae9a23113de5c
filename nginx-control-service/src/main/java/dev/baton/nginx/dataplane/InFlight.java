package dev.baton.nginx.dataplane;

/**
 * One peer as a drain reads it.
 *
 * @param requests requests in flight on it, on the whole node
 * @param standby whether nginx still has it on standby, so may still choose it
 */
public record InFlight(long requests, boolean standby) {

	/**
	 * Whether the peer is drained: nothing in flight, and nginx will not choose it again.
	 * @return whether it is
	 */
	public boolean drained() {
		return this.requests == 0 && !this.standby;
	}

}
