package dev.baton.cli;

/**
 * Who a request names for the audit trail.
 */
final class Requester {

	private Requester() {
	}

	/**
	 * @param given the name given on the command line, or null
	 * @return it, or the user running the command when none was given
	 */
	static String orCurrentUser(String given) {
		return (given != null) ? given : System.getProperty("user.name", "cli");
	}

}
