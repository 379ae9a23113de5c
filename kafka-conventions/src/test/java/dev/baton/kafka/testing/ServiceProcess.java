package dev.baton.kafka.testing;

import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;

import static org.awaitility.Awaitility.await;

/**
 * A Baton service started as a process of its own (the test's class path, the service's
 * main class), so a test can {@code kill -9} it as an operator's mistake or a crashed
 * host would: no shutdown hook runs, no consumer leaves its group, no child process is
 * told. Its output goes to a file the test can wait on.
 */
public final class ServiceProcess implements AutoCloseable {

	private final String name;

	private final Process process;

	private final Path log;

	private final long logStart;

	private ServiceProcess(String name, Process process, Path log, long logStart) {
		this.name = name;
		this.process = process;
		this.log = log;
		this.logStart = logStart;
	}

	/**
	 * Starts {@code mainClass} in a new JVM with the test's class path.
	 * @param name names the log file
	 * @param mainClass the service's main class
	 * @param directory where the log goes
	 * @param arguments the service's command-line arguments ({@code --key=value})
	 * @return the running process
	 */
	public static ServiceProcess start(String name, Class<?> mainClass, Path directory, List<String> arguments) {
		List<String> command = new ArrayList<>();
		command.add(Path.of(System.getProperty("java.home"), "bin", "java").toString());
		command.add("-XX:TieredStopAtLevel=1");
		command.add("-Xss512k");
		command.add("-cp");
		command.add(System.getProperty("java.class.path"));
		command.add(mainClass.getName());
		command.addAll(arguments);
		try {
			Files.createDirectories(directory);
			Path log = directory.resolve(name + ".log");
			long logStart = Files.exists(log) ? Files.size(log) : 0;
			Process process = new ProcessBuilder(command).redirectErrorStream(true)
				.redirectOutput(ProcessBuilder.Redirect.appendTo(log.toFile()))
				.start();
			return new ServiceProcess(name, process, log, logStart);
		}
		catch (IOException ex) {
			throw new UncheckedIOException("cannot start " + name, ex);
		}
	}

	public long pid() {
		return this.process.pid();
	}

	public boolean isAlive() {
		return this.process.isAlive();
	}

	/**
	 * Waits until the service's output contains a text, such as the line it logs once
	 * started; fails early, with the output's tail, if the process exits first.
	 * @param text the text
	 * @param atMost how long to wait
	 */
	public void awaitOutput(String text, Duration atMost) {
		await(this.name + " to print '" + text + "'").atMost(atMost).pollInterval(Duration.ofMillis(100)).until(() -> {
			if (output().contains(text)) {
				return true;
			}
			if (!this.process.isAlive()) {
				throw new AssertionError(this.name + " exited with " + this.process.exitValue() + ":\n" + tail());
			}
			return false;
		});
	}

	/**
	 * What this process printed: a process started again with the same name appends to
	 * the same file, and only its own part counts.
	 * @return the output so far
	 */
	public String output() {
		try {
			byte[] all = Files.readAllBytes(this.log);
			return new String(all, (int) Math.min(this.logStart, all.length),
					all.length - (int) Math.min(this.logStart, all.length), StandardCharsets.UTF_8);
		}
		catch (IOException ex) {
			return "";
		}
	}

	/**
	 * The last lines of the output, for a failure message.
	 * @return up to 4,000 characters
	 */
	public String tail() {
		String all = output();
		return all.substring(Math.max(0, all.length() - 4000));
	}

	/** SIGKILL: nothing in the process runs again. */
	public void kill() {
		this.process.destroyForcibly();
		await(this.name + " to die").atMost(Duration.ofSeconds(10)).until(() -> !this.process.isAlive());
	}

	/** SIGTERM, then waits for the exit: the service's own clean stop. */
	public void stop() {
		this.process.destroy();
		await(this.name + " to stop").atMost(Duration.ofSeconds(30)).until(() -> !this.process.isAlive());
	}

	@Override
	public void close() {
		if (this.process.isAlive()) {
			kill();
		}
	}

}
