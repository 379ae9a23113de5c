package dev.baton.deployer.rollout;

import java.util.Optional;

/**
 * Asks the runtime, after it restarted an instance, whether that very process still runs:
 * a process that crashed or was replaced while the deployer waits for its verdict fails
 * the step at once instead of at the health deadline.
 */
@FunctionalInterface
public interface ProcessWatch {

	/**
	 * For a runtime that cannot tell: only the verdict or the health deadline ends the
	 * wait.
	 */
	ProcessWatch NONE = Optional::empty;

	/**
	 * Asks once. A runtime that cannot answer (unreachable) is not a crash: it answers
	 * empty.
	 * @return the runtime's own words when the process stopped running or was restarted
	 * since the restart; empty while it runs
	 * @throws InterruptedException when the deployer is stopping
	 */
	Optional<String> crashed() throws InterruptedException;

}
