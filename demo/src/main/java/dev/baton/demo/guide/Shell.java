package dev.baton.demo.guide;

import java.io.IOException;
import java.io.PrintStream;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.HashMap;
import java.util.Map;
import java.util.concurrent.TimeUnit;

/**
 * Runs a guide's shell blocks one after the other as a reader's terminal would: each in
 * bash from the checkout, in the environment the block before it left (its
 * {@code export}s), its output shown as it comes. Unlike a terminal, a block stops at its
 * first failing command, which a reader would notice.
 */
final class Shell {

	/** The longest a block may take: a {@code baton deploy --wait} ends well before. */
	private static final Duration BLOCK_TIMEOUT = Duration.ofMinutes(10);

	private final Path directory;

	private final PrintStream out;

	private Map<String, String> environment = new HashMap<>(System.getenv());

	Shell(Path directory, PrintStream out) {
		this.directory = directory;
		this.out = out;
	}

	/**
	 * Runs one block.
	 * @param block the commands
	 * @return bash's exit status: the failing command's, or 0
	 */
	int run(String block) {
		block.lines().forEach((line) -> this.out.println("$ " + line));
		Path left = null;
		try {
			left = Files.createTempFile("guide-environment", "");
			// When the block ends, as it should or at a failing command, bash writes its
			// environment where $0 names.
			ProcessBuilder bash = new ProcessBuilder("bash", "-euo", "pipefail", "-c",
					"trap 'env -0 > \"$0\"' EXIT\n" + block, left.toString())
				.directory(this.directory.toFile())
				.inheritIO();
			bash.environment().clear();
			bash.environment().putAll(this.environment);
			long start = System.nanoTime();
			Process process = bash.start();
			if (!process.waitFor(BLOCK_TIMEOUT.toMinutes(), TimeUnit.MINUTES)) {
				process.destroyForcibly();
				this.out.println("(the block did not finish within " + BLOCK_TIMEOUT.toMinutes() + " min)");
				return -1;
			}
			this.out.printf("(exit %d after %.1f s)%n", process.exitValue(), (System.nanoTime() - start) / 1e9);
			Map<String, String> environment = read(left);
			this.environment = environment.isEmpty() ? this.environment : environment;
			return process.exitValue();
		}
		catch (IOException ex) {
			throw new IllegalStateException("cannot run bash", ex);
		}
		catch (InterruptedException ex) {
			Thread.currentThread().interrupt();
			throw new IllegalStateException(ex);
		}
		finally {
			if (left != null) {
				left.toFile().delete();
			}
		}
	}

	private static Map<String, String> read(Path file) throws IOException {
		Map<String, String> variables = new HashMap<>();
		for (String variable : Files.readString(file, StandardCharsets.UTF_8).split("\0")) {
			int equals = variable.indexOf('=');
			if (equals > 0) {
				variables.put(variable.substring(0, equals), variable.substring(equals + 1));
			}
		}
		return variables;
	}

}
