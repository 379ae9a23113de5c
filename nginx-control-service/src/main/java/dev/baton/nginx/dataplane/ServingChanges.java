package dev.baton.nginx.dataplane;

/**
 * Told when a managed nginx stops serving on its own (its master exited and no process of
 * it is left) and when it serves again, so the node can say it left the set of nodes the
 * deployer waits for, and come back. An endpoint that merely fails to answer is not a
 * stop: that nginx may still route requests.
 */
public interface ServingChanges {

	/**
	 * nginx is not running any more.
	 * @param reason what happened, for the event and the audit trail
	 */
	void stopped(String reason);

	/** nginx runs again and answers on its control endpoint. */
	void resumed();

}
