package dev.baton.deployer.rollout;

/**
 * Why a deploy cannot go on; caught by the run, which then rolls back.
 */
class DeployFailure extends Exception {

	DeployFailure(String reason) {
		super(reason, null, false, false);
	}

	String reason() {
		return getMessage();
	}

}
