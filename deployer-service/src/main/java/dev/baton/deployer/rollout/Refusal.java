package dev.baton.deployer.rollout;

/**
 * Why a deploy request is refused before anything is touched.
 */
final class Refusal extends Exception {

	Refusal(String reason) {
		super(reason, null, false, false);
	}

}
