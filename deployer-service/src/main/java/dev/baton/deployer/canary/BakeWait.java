package dev.baton.deployer.canary;

import java.time.Duration;

/**
 * How a bake passes time: until the time is up, or sooner when its deploy is cancelled.
 */
@FunctionalInterface
public interface BakeWait {

	/**
	 * @param atMost how long to wait
	 * @return whether the deploy is cancelled
	 */
	boolean cancelledWithin(Duration atMost) throws InterruptedException;

}
