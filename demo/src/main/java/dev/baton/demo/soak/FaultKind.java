package dev.baton.demo.soak;

/**
 * What the soak does to the system during one deploy.
 */
enum FaultKind {

	/** {@code kill -9} of one of Baton's services, started again 3 s later. */
	KILL_SERVICE("kill -9 a service"),

	/** SIGSTOP of one of Baton's services, SIGCONT 5-20 s later. */
	FREEZE_SERVICE("freeze a service"),

	/** SIGSTOP of the broker, SIGCONT 5-30 s later. */
	PAUSE_BROKER("pause the broker"),

	/** {@code kill -9} of the instance the deploy is verifying, once it restarts. */
	KILL_VERIFIED_INSTANCE("kill the instance verified"),

	/** {@code kill -9} of one nginx worker: its master starts another. */
	KILL_NGINX_WORKER("kill an nginx worker"),

	/** A record that is not a message, on any of Baton's topics. */
	MALFORMED_RECORD("malformed record"),

	/** The latest record of a command topic, published again. */
	DUPLICATE_COMMAND("duplicate command");

	private final String label;

	FaultKind(String label) {
		this.label = label;
	}

	String label() {
		return this.label;
	}

}
