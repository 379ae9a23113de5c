package dev.baton.deployer.rollout;

import dev.baton.contracts.deploy.DeployStep;

/**
 * Told about every deploy step once it is on the record, so metrics follow deploys
 * without the step machine knowing about them; and about the steps a restarted deployer
 * reads back, so deploys that began before it started are known too.
 */
public interface StepObserver {

	/**
	 * A step was published by this deployer.
	 * @param step the step
	 */
	void published(DeployStep step);

	/**
	 * A step published earlier was read back at start-up; it must not be counted again.
	 * @param step the step
	 */
	default void replayed(DeployStep step) {
	}

}
