package dev.baton.deployer.runtime;

import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.StandardCopyOption;
import java.time.Instant;
import java.util.Optional;
import java.util.concurrent.ExecutionException;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.TimeoutException;

import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * Remembers, in one small file per instance in the deployer's working directory, which
 * restart hook is running for it, so that a deployer killed while a hook ran can stop
 * that hook before it runs a new one for the same instance: two hooks restarting one
 * instance at once would race. A file names the process and its start time, so a pid the
 * system has since given to another process is left alone.
 */
final class HookPids {

	private static final Logger logger = LoggerFactory.getLogger(HookPids.class);

	private final Path directory;

	HookPids(Path directory) {
		this.directory = directory;
	}

	void started(String instance, Process process) {
		Path file = file(instance);
		Path written = file.resolveSibling(file.getFileName() + ".new");
		String startedAt = process.info().startInstant().map((at) -> String.valueOf(at.toEpochMilli())).orElse("-");
		try {
			Files.writeString(written, process.pid() + " " + startedAt + "\n", StandardCharsets.UTF_8);
			Files.move(written, file, StandardCopyOption.REPLACE_EXISTING, StandardCopyOption.ATOMIC_MOVE);
		}
		catch (IOException ex) {
			throw new UncheckedIOException("cannot record the restart hook of " + instance + " in " + file, ex);
		}
	}

	void ended(String instance) {
		try {
			Files.deleteIfExists(file(instance));
		}
		catch (IOException ex) {
			throw new UncheckedIOException(ex);
		}
	}

	/**
	 * Stops the hook a previous deployer left running for an instance, with every process
	 * it started, and waits for it to end.
	 * @param instance the instance
	 * @return whether one was running
	 */
	boolean stopLeftOver(String instance) throws InterruptedException {
		Optional<ProcessHandle> leftOver = leftOver(instance);
		if (leftOver.isPresent()) {
			ProcessHandle hook = leftOver.get();
			logger.warn("Stopping restart hook {} of {}, left running by a deployer that stopped", hook.pid(),
					instance);
			hook.descendants().forEach(ProcessHandle::destroyForcibly);
			hook.destroyForcibly();
			try {
				hook.onExit().get(30, TimeUnit.SECONDS);
			}
			catch (ExecutionException | TimeoutException ex) {
				throw new IllegalStateException("restart hook " + hook.pid() + " of " + instance + " did not stop", ex);
			}
		}
		ended(instance);
		return leftOver.isPresent();
	}

	private Optional<ProcessHandle> leftOver(String instance) {
		Path file = file(instance);
		if (!Files.exists(file)) {
			return Optional.empty();
		}
		try {
			String[] fields = Files.readString(file, StandardCharsets.UTF_8).strip().split(" ");
			long pid = Long.parseLong(fields[0]);
			Optional<Instant> startedAt = fields[1].equals("-") ? Optional.empty()
					: Optional.of(Instant.ofEpochMilli(Long.parseLong(fields[1])));
			return ProcessHandle.of(pid)
				.filter(ProcessHandle::isAlive)
				.filter((handle) -> startedAt.isEmpty() || handle.info()
					.startInstant()
					.map((at) -> at.toEpochMilli() == startedAt.get().toEpochMilli())
					.orElse(false));
		}
		catch (IOException | RuntimeException ex) {
			logger.warn("Ignoring unreadable restart hook record {}: {}", file, ex.toString());
			return Optional.empty();
		}
	}

	private Path file(String instance) {
		return this.directory.resolve(instance + ".pid");
	}

}
