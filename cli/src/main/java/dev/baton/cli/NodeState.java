package dev.baton.cli;

import java.util.Locale;

/**
 * Where a node stands for the deployer: waited for ({@link #LIVE}, {@link #SILENT}) or
 * not ({@link #LEFT}, {@link #FORGOTTEN}, {@link #EXPIRED}).
 */
enum NodeState {

	/** Heard from within its last few heartbeat intervals. */
	LIVE,

	/** Not heard from lately, but deploys still wait for its answers. */
	SILENT,

	/** It said it no longer routes requests. */
	LEFT,

	/** An operator removed it. */
	FORGOTTEN,

	/** Silent for longer than the node expiry. */
	EXPIRED;

	/**
	 * Whether deploys of the node's services wait for its answers.
	 * @return true while live or silent
	 */
	boolean waitedFor() {
		return this == LIVE || this == SILENT;
	}

	String label() {
		return name().toLowerCase(Locale.ROOT);
	}

}
