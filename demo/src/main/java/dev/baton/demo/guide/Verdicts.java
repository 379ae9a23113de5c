package dev.baton.demo.guide;

import java.io.IOException;
import java.io.PrintStream;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;

/**
 * What the guide's run found, one line per check, printed as it is found: the guide does
 * what it says only when every check passed.
 */
final class Verdicts {

	private final PrintStream out;

	private final List<String> lines = new ArrayList<>();

	private boolean passed = true;

	Verdicts(PrintStream out) {
		this.out = out;
	}

	/**
	 * Records a check.
	 * @param ok whether it held
	 * @param line what was found
	 * @return ok
	 */
	boolean record(boolean ok, String line) {
		String verdict = line + " — " + (ok ? "PASS" : "FAIL");
		this.out.println(verdict);
		this.lines.add(verdict);
		this.passed &= ok;
		return ok;
	}

	/**
	 * Records a check that what follows needs.
	 * @param ok whether it held
	 * @param line what was found
	 * @throws Unmet when it did not hold
	 */
	void require(boolean ok, String line) {
		if (!record(ok, line)) {
			throw new Unmet();
		}
	}

	/**
	 * Adds a line that is a figure, not a check.
	 * @param line the figure
	 */
	void note(String line) {
		this.lines.add(line);
	}

	boolean passed() {
		return this.passed;
	}

	List<String> lines() {
		return List.copyOf(this.lines);
	}

	void write(Path file) throws IOException {
		Files.write(file, this.lines);
	}

	/** A check that failed, its verdict recorded: the blocks after it are not run. */
	static final class Unmet extends RuntimeException {

		Unmet() {
			super(null, null, false, false);
		}

	}

}
