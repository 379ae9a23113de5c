package dev.baton.nginx;

import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.stream.Stream;

/**
 * What {@code pgrep -f} would say about a test's nginx: the processes whose command line
 * names its working directory (each test has its own), read from {@code /proc}. A
 * worker's command line does not name the directory, its master's does.
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
	 * @param workingDirectory the node's working directory
	 * @return the pids of live processes whose command line names that directory
	 */
	static List<Long> naming(Path workingDirectory) {
		String directory = workingDirectory.toString();
		try (Stream<Path> entries = Files.list(PROC)) {
			return entries.map((entry) -> entry.getFileName().toString())
				.filter((name) -> name.chars().allMatch(Character::isDigit))
				.map(Long::parseLong)
				.filter((pid) -> pid != ProcessHandle.current().pid())
				.filter((pid) -> commandLine(pid).contains(directory) && !commandLine(pid).contains("java"))
				.filter(NginxProcesses::running)
				.toList();
		}
		catch (IOException ex) {
			throw new UncheckedIOException(ex);
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

	/**
	 * Kills whatever a test's nginx left, after the test: its masters and their workers.
	 */
	static void killAll(Path workingDirectory) {
		for (long master : naming(workingDirectory)) {
			ProcessHandle.of(master).ifPresent((handle) -> {
				handle.descendants().forEach(ProcessHandle::destroyForcibly);
				handle.destroyForcibly();
			});
		}
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
