package dev.baton.deployer.runtime.supervisord;

/**
 * supervisord's answer that a call failed (an XML-RPC fault): the program does not exist,
 * is not running, could not be spawned.
 */
public final class SupervisorFault extends Exception {

	/** supervisord's code for a program that is not running. */
	static final int NOT_RUNNING = 70;

	/** supervisord's code for a program that is already started. */
	static final int ALREADY_STARTED = 60;

	/** supervisord's code for a program it could not spawn. */
	static final int SPAWN_ERROR = 50;

	private final int code;

	SupervisorFault(int code, String text) {
		super(text + " (fault " + code + ")");
		this.code = code;
	}

	int code() {
		return this.code;
	}

}
