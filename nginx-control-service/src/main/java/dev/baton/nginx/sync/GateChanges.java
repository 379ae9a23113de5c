package dev.baton.nginx.sync;

import dev.baton.contracts.ServiceName;

/**
 * Told when a gate of an upstream this node serves changes: a live command or tombstone,
 * or a command answered again after a restart; never a record the replay only reads back.
 * Whoever must know that a deploy or a ramp runs (the peer statistics) listens.
 */
@FunctionalInterface
public interface GateChanges {

	/**
	 * A gate of the upstream changed now.
	 * @param service the upstream
	 */
	void changed(ServiceName service);

}
