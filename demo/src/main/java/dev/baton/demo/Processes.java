package dev.baton.demo;

import java.io.File;
import java.io.IOException;
import java.io.RandomAccessFile;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.time.Instant;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.stream.Collectors;
import java.util.stream.Stream;
import java.util.concurrent.TimeUnit;

/**
 * The stack's processes as its script started them: each one's pid file and command line
 * (both written by {@code start_process} in the run directory), so a fault can kill the
 * real process and start it again exactly as it was.
 */
public final class Processes {

	private final Path run;

	public Processes(Path run) {
		this.run = run;
	}

	/**
	 * The live process the stack started under a name.
	 * @param name the process's name in the stack
	 * @return its pid, or empty when it is not running
	 */
	public Optional<Long> pid(String name) {
		return readPid(this.run.resolve("pids").resolve(name + ".pid"));
	}

	/**
	 * nginx's master, from the pid file in nginx-control's working directory.
	 * @return its pid, or empty when no nginx runs
	 */
	public Optional<Long> nginxMaster() {
		return readPid(this.run.resolve("nginx").resolve("nginx.pid"));
	}

	/**
	 * A process and its children (nginx's workers).
	 * @param pid the parent
	 * @return the parent first, then its children
	 */
	public static List<Long> withChildren(long pid) {
		List<Long> pids = new ArrayList<>(List.of(pid));
		ProcessHandle.of(pid).ifPresent((parent) -> parent.children().forEach((child) -> pids.add(child.pid())));
		return pids;
	}

	/**
	 * Starts a process again with the command line the stack started it with, its output
	 * appended to its log, and records its new pid where the stack's script looks for it.
	 * @param name the process's name in the stack
	 * @return the new pid
	 */
	public long relaunch(String name) {
		return relaunch(name, List.of());
	}

	/**
	 * Starts a process again with the command line the stack started it with and more
	 * arguments, which later relaunches keep, as an operator changes a setting.
	 * @param name the process's name in the stack
	 * @param more the arguments added at the end
	 * @return the new pid
	 */
	public long relaunch(String name, List<String> more) {
		return relaunch(name, more, Map.of());
	}

	private long relaunch(String name, List<String> more, Map<String, String> environment) {
		Path pids = this.run.resolve("pids");
		try {
			Path argv = pids.resolve(name + ".argv");
			List<String> command = new ArrayList<>(
					Arrays.stream(new String(Files.readAllBytes(argv), StandardCharsets.UTF_8).split("\0"))
						.filter((arg) -> !arg.isEmpty())
						.toList());
			command.addAll(more);
			if (!more.isEmpty()) {
				Files.writeString(argv, command.stream().map((arg) -> arg + "\0").collect(Collectors.joining()));
			}
			File log = this.run.resolve("logs").resolve(name + ".log").toFile();
			ProcessBuilder builder = new ProcessBuilder(command).redirectErrorStream(true)
				.redirectOutput(ProcessBuilder.Redirect.appendTo(log))
				.redirectInput(new File("/dev/null"));
			builder.environment().putAll(environment);
			Process process = builder.start();
			Files.writeString(pids.resolve(name + ".pid"), process.pid() + "\n");
			return process.pid();
		}
		catch (IOException ex) {
			throw new IllegalStateException("cannot start " + name + " again", ex);
		}
	}

	/**
	 * Starts a process again (see {@link #relaunch(String, List)}) and waits for it to
	 * log that it is back at work.
	 * @param name the process's name in the stack
	 * @param more arguments added at the end
	 * @param words what its line says (see {@link #readyAfter})
	 * @param within how long to wait
	 * @return the time from its start to the line, empty when it did not come
	 */
	public Optional<Duration> relaunchAndAwait(String name, List<String> more, String words, Duration within) {
		long logged = logLength(name);
		return readyAfter(name, relaunch(name, more), logged, words, within);
	}

	/**
	 * Starts a process again, as {@link #relaunchAndAwait} does, with its wall clock
	 * shifted: Debian's libfaketime, preloaded into the process itself (the
	 * {@code faketime} command would fork, and its pid is not the service's), with the
	 * monotonic clock left alone, as a JVM needs to run at all. Later relaunches run on
	 * the true clock again.
	 * @param name the process's name in the stack
	 * @param offset how far its wall clock is from the true one
	 * @param words what its line says (see {@link #readyAfter})
	 * @param within how long to wait
	 * @return the time from its start to the line, empty when it did not come
	 */
	public Optional<Duration> relaunchShiftedAndAwait(String name, Duration offset, String words, Duration within) {
		// Without FAKETIME_FORCE_MONOTONIC_FIX=0, libfaketime reworks every timed wait of
		// the JVM's threads and a service takes minutes to start instead of seconds.
		Map<String, String> faketime = Map.of("LD_PRELOAD", libfaketime().toString(), "FAKETIME",
				(offset.isNegative() ? "-" : "+") + offset.abs().toSeconds() + "s", "FAKETIME_DONT_FAKE_MONOTONIC", "1",
				"FAKETIME_FORCE_MONOTONIC_FIX", "0");
		long logged = logLength(name);
		// the line's timestamp is on the shifted clock
		return readyAfter(name, relaunch(name, List.of(), faketime), logged, words, within)
			.map((took) -> took.minus(offset));
	}

	private static Path libfaketime() {
		try (Stream<Path> libraries = Files.list(Path.of("/usr/lib"))) {
			return libraries.map((dir) -> dir.resolve("faketime").resolve("libfaketime.so.1"))
				.filter(Files::isReadable)
				.findFirst()
				.orElseThrow(() -> new IllegalStateException(
						"libfaketime is not installed (Debian's faketime package): no clock can be shifted"));
		}
		catch (IOException ex) {
			throw new IllegalStateException("cannot look for libfaketime", ex);
		}
	}

	/**
	 * Stops a process cleanly (SIGTERM), as the stack's script does, and waits for its
	 * exit.
	 * @param name the process's name in the stack
	 * @param within how long its clean stop may take
	 * @return whether it exited in time (or was not running)
	 */
	public boolean stop(String name, Duration within) {
		Optional<ProcessHandle> process = pid(name).flatMap(ProcessHandle::of);
		process.ifPresent(ProcessHandle::destroy);
		return process
			.map((handle) -> handle.onExit()
				.completeOnTimeout(null, within.toMillis(), TimeUnit.MILLISECONDS)
				.join() != null)
			.orElse(true);
	}

	/**
	 * How far a process's log goes now, so what a restart writes can be told apart.
	 * @param name the process
	 * @return the log's length in bytes, 0 when there is none
	 */
	public long logLength(String name) {
		return this.run.resolve("logs").resolve(name + ".log").toFile().length();
	}

	/**
	 * Waits for a restarted process to log a line, and tells how long after its start it
	 * wrote it (by the line's own timestamp, as the service logs it).
	 * @param name the process
	 * @param pid the restarted process
	 * @param from where its log stood before the restart
	 * @param words what the line says
	 * @param within how long to wait
	 * @return the time from the process's start to the line, empty when it did not come
	 */
	public Optional<Duration> readyAfter(String name, long pid, long from, String words, Duration within) {
		Optional<Instant> started = ProcessHandle.of(pid).flatMap((process) -> process.info().startInstant());
		Path log = this.run.resolve("logs").resolve(name + ".log");
		long deadline = System.nanoTime() + within.toNanos();
		try (RandomAccessFile file = new RandomAccessFile(log.toFile(), "r")) {
			// Each poll reads on from the last line it saw, which it reads again: that
			// line
			// may have been half written.
			long position = from;
			while (started.isPresent() && System.nanoTime() < deadline) {
				file.seek(position);
				for (long start = position; true; start = file.getFilePointer()) {
					String line = file.readLine();
					if (line == null) {
						break;
					}
					if (line.contains(words)) {
						return Optional.of(Duration.between(started.get(), Instant.parse(line.substring(0, 24))));
					}
					position = start;
				}
				Thread.sleep(100);
			}
		}
		catch (IOException | RuntimeException ex) {
			return Optional.empty();
		}
		catch (InterruptedException ex) {
			Thread.currentThread().interrupt();
		}
		return Optional.empty();
	}

	/**
	 * Sends a signal, as {@code kill} does, to every process at once.
	 * @param signal {@code KILL}, {@code STOP} or {@code CONT}
	 * @param pids the processes
	 */
	public static void signal(String signal, List<Long> pids) {
		List<String> command = new ArrayList<>(List.of("kill", "-" + signal));
		pids.forEach((pid) -> command.add(Long.toString(pid)));
		try {
			Process kill = new ProcessBuilder(command).redirectErrorStream(true).start();
			kill.getInputStream().readAllBytes();
			kill.waitFor(10, TimeUnit.SECONDS);
		}
		catch (IOException ex) {
			throw new IllegalStateException("could not run " + command, ex);
		}
		catch (InterruptedException ex) {
			Thread.currentThread().interrupt();
			throw new IllegalStateException(ex);
		}
	}

	private static Optional<Long> readPid(Path file) {
		try {
			long pid = Long.parseLong(Files.readString(file).trim());
			return ProcessHandle.of(pid).filter(ProcessHandle::isAlive).map(ProcessHandle::pid);
		}
		catch (IOException | NumberFormatException ex) {
			return Optional.empty();
		}
	}

}
