package dev.baton.demo.attacks;

/**
 * One attempt on the trust boundary.
 *
 * @param name what is tried
 * @param as the principal or place it is tried from
 * @param attempt how it is tried and what came of it
 */
record Attack(String name, String as, Try attempt) {

	/** How an attack is made. */
	@FunctionalInterface
	interface Try {

		Attempt run(AttackSurface surface) throws Exception;

	}

}
