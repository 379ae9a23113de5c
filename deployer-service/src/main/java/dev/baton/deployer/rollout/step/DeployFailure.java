package dev.baton.deployer.rollout.step;

/**
 * Why a deploy cannot go on; caught by the run, which then rolls back.
 */
public class DeployFailure extends Exception {

	public DeployFailure(String reason) {
		super(reason, null, false, false);
	}

	public String reason() {
		return getMessage();
	}

}
