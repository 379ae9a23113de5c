package dev.baton.demo;

import java.io.PrintStream;
import java.nio.charset.StandardCharsets;

/**
 * How each of the demo's commands ends: with exit code 0 when it passed and 1 when it
 * failed or threw, even when a scenario left the load generator's threads running.
 */
public final class Runs {

	/** A command, printing to the console. */
	@FunctionalInterface
	public interface Run {

		/**
		 * @param out where the command prints
		 * @return whether it passed
		 * @throws Exception when it could not run to the end
		 */
		boolean passed(PrintStream out) throws Exception;

	}

	private Runs() {
	}

	/**
	 * Runs a command, then exits the JVM with its verdict.
	 * @param run the command
	 */
	public static void exit(Run run) {
		PrintStream out = new PrintStream(System.out, true, StandardCharsets.UTF_8);
		int code;
		try {
			code = run.passed(out) ? 0 : 1;
		}
		catch (Exception ex) {
			ex.printStackTrace();
			code = 1;
		}
		System.exit(code);
	}

}
