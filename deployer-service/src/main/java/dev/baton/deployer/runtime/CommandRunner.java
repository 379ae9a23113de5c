package dev.baton.deployer.runtime;

import java.io.File;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.concurrent.TimeUnit;

import dev.baton.contracts.ServiceName;
import dev.baton.deployer.rollout.plan.DeployTarget;

/**
 * Runs one argv as a process, without a shell, within a timeout, keeping the end of its
 * standard output and error ({@link OutputTail}: capped, secrets redacted). Both go
 * through temporary files, so a chatty command can never block on a full pipe.
 */
final class CommandRunner {

	/** The exit code reported for a command that ran out of time or could not start. */
	static final int NOT_COMPLETED = -1;

	private final HookPids pids;

	/**
	 * @param workDirectory where the pids of running hooks are kept
	 */
	CommandRunner(Path workDirectory) {
		this.pids = new HookPids(workDirectory);
	}

	/**
	 * The name an instance's hooks run under, with whatever hook a killed deployer left
	 * running for the instance stopped first: a restart begins here, whatever runs it.
	 * @param service the service
	 * @param target the instance
	 * @return the name to run the restart's commands under, and whether a hook was
	 * stopped
	 */
	Hook begin(ServiceName service, DeployTarget target) throws InterruptedException {
		String name = service.value() + "." + target.instanceId().value();
		return new Hook(name, this.pids.stopLeftOver(name));
	}

	/**
	 * Runs one of a restart's commands, its pid on record for as long as it runs.
	 * @param hook the restart it belongs to
	 */
	Ran run(Hook hook, List<String> argv, Duration timeout) throws InterruptedException {
		return start(hook.name(), argv, timeout);
	}

	/**
	 * Runs a restart's optional command (an activate), or succeeds at once without one.
	 * @param hook the restart it belongs to
	 * @param template the command, if the service has one
	 * @param values the placeholder values
	 */
	Ran runIfPresent(Hook hook, Optional<ArgvTemplate> template, Map<String, String> values, Duration timeout)
			throws InterruptedException {
		return template.isPresent() ? run(hook, template.get().fill(values), timeout) : new Ran(0, "", "");
	}

	/**
	 * Runs a short command a killed deployer may leave running (a check), with no pid on
	 * record.
	 */
	Ran runUnrecorded(List<String> argv, Duration timeout) throws InterruptedException {
		return start(null, argv, timeout);
	}

	private Ran start(String instance, List<String> argv, Duration timeout) throws InterruptedException {
		Path stdout = null;
		Path stderr = null;
		try {
			stdout = Files.createTempFile("baton-deployer-", ".stdout");
			stderr = Files.createTempFile("baton-deployer-", ".stderr");
			Process process = new ProcessBuilder(argv).redirectInput(ProcessBuilder.Redirect.from(nullDevice()))
				.redirectOutput(stdout.toFile())
				.redirectError(stderr.toFile())
				.start();
			if (instance != null) {
				this.pids.started(instance, process);
			}
			try {
				if (!process.waitFor(timeout.toMillis(), TimeUnit.MILLISECONDS)) {
					process.descendants().forEach(ProcessHandle::destroyForcibly);
					process.destroyForcibly();
					return new Ran(NOT_COMPLETED, tail(stdout),
							tail(stderr) + "\n" + argv.get(0) + " timed out after " + timeout);
				}
			}
			catch (InterruptedException ex) {
				process.descendants().forEach(ProcessHandle::destroyForcibly);
				process.destroyForcibly();
				throw ex;
			}
			if (instance != null) {
				this.pids.ended(instance);
			}
			return new Ran(process.exitValue(), tail(stdout), tail(stderr));
		}
		catch (IOException ex) {
			return new Ran(NOT_COMPLETED, "", OutputTail.of("could not run " + argv.get(0) + ": " + ex.getMessage()));
		}
		finally {
			deleteQuietly(stdout);
			deleteQuietly(stderr);
		}
	}

	private static File nullDevice() {
		return new File(System.getProperty("os.name").startsWith("Windows") ? "NUL" : "/dev/null");
	}

	private static String tail(Path file) throws IOException {
		return OutputTail.read(file);
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

	/**
	 * What a command gave.
	 *
	 * @param exitCode its exit code, {@link #NOT_COMPLETED} when it timed out or could
	 * not start
	 * @param stdout the tail of its standard output
	 * @param stderr the tail of its standard error
	 */
	record Ran(int exitCode, String stdout, String stderr) {

		boolean succeeded() {
			return this.exitCode == 0;
		}

		/** The last line the command wrote, error first: what it says about itself. */
		String words() {
			String said = this.stderr.isBlank() ? this.stdout : this.stderr;
			String trimmed = said.strip();
			return trimmed.substring(trimmed.lastIndexOf('\n') + 1);
		}

	}

	/**
	 * The commands of one instance's restart.
	 *
	 * @param name the name their pids are kept under
	 * @param stoppedLeftOver whether a hook a killed deployer left running was stopped
	 */
	record Hook(String name, boolean stoppedLeftOver) {

	}

}
