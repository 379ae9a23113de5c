package dev.baton.nginx.dataplane;

/**
 * How the Lua balancer chooses among the peers that are up.
 */
public enum Balancing {

	/** Each worker takes the next peer in turn: constant cost per request. */
	ROUND_ROBIN,

	/**
	 * The peer with the fewest requests in flight on the node: costs one shared-memory
	 * read per peer that is up.
	 */
	LEAST_IN_FLIGHT

}
