package dev.baton.contracts.deploy;

/**
 * How a deploy replaces the running version.
 */
public enum DeployStrategy {

	/**
	 * Batch after batch, each instance is drained, restarted on the new version in place,
	 * verified and put back: a batch is out of rotation while it restarts.
	 */
	ROLLING,

	/**
	 * Batch after batch, the new version starts as new instances on spare ports beside
	 * the old ones; only once they are verified and up in every nginx are the old ones
	 * drained, stopped and deregistered, so capacity never drops below the count before
	 * the deploy.
	 */
	SURGE

}
