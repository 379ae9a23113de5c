package dev.baton.contracts.deploy;

/**
 * Whether an instance step moves an instance forward to the requested version or back to
 * the one it ran before.
 */
public enum DeployPhase {

	/** Towards the requested version. */
	ROLLOUT,

	/** Back to the previous version after a failure or a cancel. */
	ROLLBACK

}
