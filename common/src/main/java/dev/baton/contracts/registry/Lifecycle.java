package dev.baton.contracts.registry;

/**
 * Where an instance is in its life: registered instances become pre-online on their first
 * healthy verdict and online once approved; operators move them between online and
 * offline. An online instance leaves through {@link #LEAVING}, drained first.
 */
public enum Lifecycle {

	/** Known, never yet healthy: not served. */
	REGISTERED,

	/** Healthy at least once, waiting for an operator's approval: not served. */
	PRE_ONLINE,

	/** Approved: served while healthy and not being deployed. */
	ONLINE,

	/** Taken out of rotation by an operator. */
	OFFLINE,

	/**
	 * Deregistered while online: out of rotation, and registered until every nginx node
	 * serving its service confirms it has nothing left in flight there.
	 */
	LEAVING,

	/** Gone: no gates, not probed. */
	DEREGISTERED

}
