package dev.baton.nginx.dataplane;

import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.List;
import java.util.Optional;
import java.util.concurrent.TimeUnit;
import java.util.stream.Stream;

import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * One managed nginx as the kernel sees it: its master is started as the leader of a
 * process group of its own, and the workers it forks stay in that group, also after the
 * master died. So an nginx whose master was killed, or that a killed node left behind, is
 * found and stopped whole, and never keeps the node's ports from another nginx. Members
 * are read from {@code /proc} and must be named like the nginx binary, so a reused group
 * id never makes another program a target; zombies are not members.
 */
final class NginxProcessGroup {

	private static final Logger logger = LoggerFactory.getLogger(NginxProcessGroup.class);

	private static final Path PROC = Path.of("/proc");

	private static final Duration KILL_WAIT = Duration.ofSeconds(5);

	private final long id;

	private final String name;

	/**
	 * @param id the group id: the pid of the master that leads it
	 * @param binary the nginx executable, whose name the members carry
	 */
	NginxProcessGroup(long id, Path binary) {
		this.id = id;
		String file = binary.getFileName().toString();
		// The kernel keeps the first 15 characters of a process's name.
		this.name = file.substring(0, Math.min(15, file.length()));
	}

	long id() {
		return this.id;
	}

	/**
	 * The master, when it still runs.
	 * @return its handle
	 */
	Optional<ProcessHandle> master() {
		return members().stream().filter((member) -> member.pid() == this.id).findFirst();
	}

	/**
	 * The master's command line, as nginx shows it ({@code nginx: master process …}).
	 * @return the command line, empty when the master is gone
	 */
	String masterCommandLine() {
		try {
			return new String(Files.readAllBytes(PROC.resolve(Long.toString(this.id)).resolve("cmdline")),
					StandardCharsets.UTF_8)
				.replace('\0', ' ')
				.trim();
		}
		catch (IOException ex) {
			return "";
		}
	}

	List<ProcessHandle> members() {
		try (Stream<Path> entries = Files.list(PROC)) {
			return entries.filter((entry) -> entry.getFileName().toString().chars().allMatch(Character::isDigit))
				.filter(this::isMember)
				.map((entry) -> ProcessHandle.of(Long.parseLong(entry.getFileName().toString())))
				.flatMap(Optional::stream)
				.toList();
		}
		catch (IOException ex) {
			throw new IllegalStateException("cannot list processes in " + PROC, ex);
		}
	}

	boolean isEmpty() {
		return members().isEmpty();
	}

	/**
	 * {@code /proc/<pid>/stat} is {@code pid (name) state ppid pgrp …}; the name may hold
	 * spaces and parentheses, so fields are counted from the last parenthesis.
	 */
	private boolean isMember(Path process) {
		try {
			String stat = Files.readString(process.resolve("stat"), StandardCharsets.UTF_8);
			int open = stat.indexOf('(');
			int close = stat.lastIndexOf(')');
			String[] fields = stat.substring(close + 2).split(" ");
			// A zombie serves nothing: it only waits for its parent to read its exit.
			return stat.substring(open + 1, close).equals(this.name) && !"Z".equals(fields[0])
					&& Long.parseLong(fields[2]) == this.id;
		}
		catch (IOException | RuntimeException ex) {
			// Gone between the listing and the read.
			return false;
		}
	}

	/**
	 * Stops every member: SIGQUIT first (requests in flight finish), SIGKILL to whatever
	 * is left after the grace period.
	 * @param grace how long requests in flight may take
	 * @return whether the group is empty
	 */
	boolean stop(Duration grace) {
		members().forEach((member) -> signal("QUIT", member.pid()));
		if (awaitEmpty(grace)) {
			return true;
		}
		kill();
		return isEmpty();
	}

	/**
	 * SIGKILL to every member, then waits (briefly) for them to be gone.
	 * @return whether the group is empty
	 */
	boolean kill() {
		List<ProcessHandle> left = members();
		if (!left.isEmpty()) {
			logger.warn("Killing nginx process group {}: {}", this.id, left.stream().map(ProcessHandle::pid).toList());
			left.forEach(ProcessHandle::destroyForcibly);
		}
		return awaitEmpty(KILL_WAIT);
	}

	private boolean awaitEmpty(Duration atMost) {
		long deadline = System.nanoTime() + atMost.toNanos();
		while (!isEmpty()) {
			if (System.nanoTime() - deadline > 0) {
				return false;
			}
			pause();
		}
		return true;
	}

	private static void pause() {
		try {
			TimeUnit.MILLISECONDS.sleep(20);
		}
		catch (InterruptedException ex) {
			Thread.currentThread().interrupt();
			throw new IllegalStateException("interrupted while waiting for nginx to stop", ex);
		}
	}

	/** Java signals a process only with TERM and KILL; nginx's graceful stop is QUIT. */
	private static void signal(String signal, long pid) {
		try {
			new ProcessBuilder("kill", "-" + signal, Long.toString(pid)).redirectErrorStream(true)
				.redirectOutput(ProcessBuilder.Redirect.DISCARD)
				.start()
				.waitFor(5, TimeUnit.SECONDS);
		}
		catch (IOException ex) {
			logger.warn("Cannot send SIG{} to nginx process {}: {}", signal, pid, ex.getMessage());
		}
		catch (InterruptedException ex) {
			Thread.currentThread().interrupt();
		}
	}

}
