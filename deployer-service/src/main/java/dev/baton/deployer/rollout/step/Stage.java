package dev.baton.deployer.rollout.step;

/**
 * The last confirmed step of an instance during a rollout; a resumed deploy carries on
 * from there.
 */
public enum Stage {

	/** Nothing confirmed yet (its gate may already be closed). */
	PENDING,
	/** Every live node reported it drained. */
	DRAINED,
	/** The runtime restarted it on the new version. */
	RESTARTED,
	/** It answered healthy on the new version. */
	VERIFIED,
	/** It is back in rotation on every live node. */
	ENABLED

}
