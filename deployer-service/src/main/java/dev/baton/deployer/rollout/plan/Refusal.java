package dev.baton.deployer.rollout.plan;

/**
 * Why a deploy request is refused before anything is touched.
 */
public final class Refusal extends Exception {

	public Refusal(String reason) {
		super(reason, null, false, false);
	}

}
