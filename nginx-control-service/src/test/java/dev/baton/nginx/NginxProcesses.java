package dev.baton.nginx;

import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.stream.Stream;

/**
 * A test's nginx processes, read from {@code /proc}: those whose command line names its
 * working directory (each test has its own), as {@code pgrep -f} would find a master, and
 * those holding a file in it open, as a worker holds its error log (a worker's command
 * line names no directory, and a worker whose master died has no parent to find it by).
 */
final class NginxProcesses {

	private static final Path PROC = Path.of("/proc");

	private NginxProcesses() {
	}

	/**
	 * @param workingDirectory the node's working directory
	 * @return the pids of nginx masters started with a configuration in that directory
	 */
	static List<Long> masters(Path workingDirectory) {
		return naming(workingDirectory).stream()
			.filter((pid) -> commandLine(pid).startsWith("nginx: master process"))
			.toList();
	}

	/**
	 * What the nginx of a working directory logged last, for a failure message.
	 * @param workingDirectory the node's working directory
	 * @return up to 4,000 characters of its error log, or why there are none
	 */
	static String errorLogTail(Path workingDirectory) {
		try {
			String log = Files.readString(workingDirectory.resolve("logs/error.log"), StandardCharsets.UTF_8);
			return log.substring(Math.max(0, log.length() - 4000));
		}
		catch (IOException ex) {
			return "(no error log: " + ex + ")";
		}
	}

	/**
	 * @param workingDirectory the node's working directory
	 * @return the pids of running nginx processes of that directory
	 */
	static List<Long> naming(Path workingDirectory) {
		String directory = workingDirectory.toString();
		try (Stream<Path> entries = Files.list(PROC)) {
			return entries.map((entry) -> entry.getFileName().toString())
				.filter((name) -> name.chars().allMatch(Character::isDigit))
				.map(Long::parseLong)
				.filter((pid) -> "nginx".equals(name(pid)))
				.filter((pid) -> commandLine(pid).contains(directory) || holdsFileIn(pid, directory))
				.filter(NginxProcesses::running)
				.toList();
		}
		catch (IOException ex) {
			throw new UncheckedIOException(ex);
		}
	}

	private static boolean holdsFileIn(long pid, String directory) {
		try (Stream<Path> descriptors = Files.list(PROC.resolve(Long.toString(pid)).resolve("fd"))) {
			return descriptors.anyMatch((descriptor) -> {
				try {
					return Files.readSymbolicLink(descriptor).toString().startsWith(directory + "/");
				}
				catch (IOException ex) {
					return false;
				}
			});
		}
		catch (IOException ex) {
			return false;
		}
	}

	private static String name(long pid) {
		try {
			return Files.readString(PROC.resolve(Long.toString(pid)).resolve("comm"), StandardCharsets.UTF_8).trim();
		}
		catch (IOException ex) {
			return "";
		}
	}

	/**
	 * Whether a process runs: a zombie (its exit not yet read by its parent, which for an
	 * orphan is init) serves nothing and does not count.
	 * @param pid the process
	 * @return whether it exists and is not a zombie
	 */
	static boolean running(long pid) {
		try {
			String stat = Files.readString(PROC.resolve(Long.toString(pid)).resolve("stat"), StandardCharsets.UTF_8);
			return !stat.substring(stat.lastIndexOf(')') + 2).startsWith("Z");
		}
		catch (IOException ex) {
			return false;
		}
	}

	/** Kills whatever a test's nginx left, after the test: masters and workers alike. */
	static void killAll(Path workingDirectory) {
		naming(workingDirectory).forEach((pid) -> ProcessHandle.of(pid).ifPresent(ProcessHandle::destroyForcibly));
	}

	private static String commandLine(long pid) {
		try {
			return new String(Files.readAllBytes(PROC.resolve(Long.toString(pid)).resolve("cmdline")),
					StandardCharsets.UTF_8)
				.replace('\0', ' ')
				.trim();
		}
		catch (IOException ex) {
			return "";
		}
	}

}
