package dev.baton.demo.attacks;

/**
 * One attack as it went, under load.
 *
 * @param attack the attack
 * @param attempt who refused it and why
 * @param peersUnchanged whether nginx had the same peers up after it as before
 * @param peers the peers up before and after, when they changed
 * @param failedGet GET requests that failed while it ran
 * @param failedPost POST requests that failed while it ran
 */
record AttackResult(Attack attack, Attempt attempt, boolean peersUnchanged, String peers, long failedGet,
		long failedPost) {

	boolean pass() {
		return this.attempt.refused() && this.peersUnchanged && this.failedGet + this.failedPost == 0;
	}

}
