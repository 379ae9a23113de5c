package dev.baton.deployer.runtime;

import java.io.File;
import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.List;
import java.util.concurrent.TimeUnit;

import dev.baton.deployer.rollout.RestartResult;

/**
 * Runs one argv as a process, without a shell, within a timeout, keeping the end of its
 * standard error. Standard output is discarded; standard error goes through a temporary
 * file, so a chatty command can never block on a full pipe.
 */
final class CommandRunner {

	/** How much of standard error travels in a step event. */
	static final int STDERR_TAIL_CHARS = 2000;

	/** The exit code reported for a command that ran out of time or could not start. */
	static final int NOT_COMPLETED = -1;

	private final HookPids pids;

	CommandRunner(HookPids pids) {
		this.pids = pids;
	}

	/**
	 * Runs a command, its pid on record for as long as it runs.
	 * @param instance whose hook it is
	 */
	RestartResult run(String instance, List<String> argv, Duration timeout) throws InterruptedException {
		Path stderr = null;
		try {
			stderr = Files.createTempFile("baton-deployer-", ".stderr");
			Process process = new ProcessBuilder(argv).redirectInput(ProcessBuilder.Redirect.from(nullDevice()))
				.redirectOutput(ProcessBuilder.Redirect.DISCARD)
				.redirectError(stderr.toFile())
				.start();
			this.pids.started(instance, process);
			try {
				if (!process.waitFor(timeout.toMillis(), TimeUnit.MILLISECONDS)) {
					process.descendants().forEach(ProcessHandle::destroyForcibly);
					process.destroyForcibly();
					return new RestartResult(NOT_COMPLETED,
							tail(stderr) + "\n" + argv.get(0) + " timed out after " + timeout);
				}
			}
			catch (InterruptedException ex) {
				process.descendants().forEach(ProcessHandle::destroyForcibly);
				process.destroyForcibly();
				throw ex;
			}
			this.pids.ended(instance);
			return new RestartResult(process.exitValue(), tail(stderr));
		}
		catch (IOException ex) {
			return new RestartResult(NOT_COMPLETED, "could not run " + argv.get(0) + ": " + ex.getMessage());
		}
		finally {
			deleteQuietly(stderr);
		}
	}

	private static File nullDevice() {
		return new File(System.getProperty("os.name").startsWith("Windows") ? "NUL" : "/dev/null");
	}

	private static String tail(Path file) throws IOException {
		String text = Files.readString(file, StandardCharsets.UTF_8);
		return (text.length() <= STDERR_TAIL_CHARS) ? text : text.substring(text.length() - STDERR_TAIL_CHARS);
	}

	private static void deleteQuietly(Path file) {
		if (file != null) {
			try {
				Files.deleteIfExists(file);
			}
			catch (IOException ex) {
				// a leftover temporary file is harmless
			}
		}
	}

}
