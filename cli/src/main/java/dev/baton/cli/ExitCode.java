package dev.baton.cli;

/**
 * Exit codes a pipeline can branch on.
 */
final class ExitCode {

	/** The deploy succeeded, or the command did what it was asked. */
	static final int OK = 0;

	/** The deploy failed or was rolled back. */
	static final int FAILED = 1;

	/** The request was rejected, or the command's input was invalid. */
	static final int REJECTED = 2;

	/** No verdict within the timeout. */
	static final int TIMEOUT = 3;

	private ExitCode() {
	}

}
