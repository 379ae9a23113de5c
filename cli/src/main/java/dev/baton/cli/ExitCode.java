package dev.baton.cli;

/**
 * Exit codes a pipeline can branch on.
 */
final class ExitCode {

	/** The deploy succeeded, or the command did what it was asked. */
	static final int OK = 0;

	/** The deploy failed or was rolled back. */
	static final int FAILED = 1;

	/**
	 * The request was rejected, or the command's input was invalid, or Kafka refused the
	 * CLI's credentials: asking again as is cannot help.
	 */
	static final int REJECTED = 2;

	/** No verdict within the timeout. */
	static final int TIMEOUT = 3;

	/**
	 * No broker answered within the connection timeout: nothing was published, and the
	 * same command may be run again once the bus is back.
	 */
	static final int UNREACHABLE = 4;

	private ExitCode() {
	}

}
