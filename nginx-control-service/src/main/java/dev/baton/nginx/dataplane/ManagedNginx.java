package dev.baton.nginx.dataplane;

import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.List;
import java.util.Optional;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.ExecutionException;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.TimeoutException;
import java.util.function.Supplier;

import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * The nginx that nginx-control runs itself in managed mode: a foreground child started
 * with {@code -p prefix -c conf} as the leader of a process group of its own, restarted
 * when it dies (the new epoch then brings every peer back), and stopped gracefully on
 * shutdown. It is never reloaded.
 * <p>
 * nginx outlives a node killed with {@code kill -9}, and keeps serving: the next start
 * finds it through the node's pid file ({@link ManagedNginxRecord}) and adopts it when it
 * runs the same files and answers with the node's token, so no request is lost across the
 * node's restart; any other nginx it left is stopped before a new one starts. A start
 * that fails, and a master that dies, leave no process behind: the whole group is
 * stopped.
 */
public class ManagedNginx implements AutoCloseable {

	private static final Logger logger = LoggerFactory.getLogger(ManagedNginx.class);

	private static final Duration RESTART_DELAY = Duration.ofSeconds(1);

	private final Path binary;

	private final NginxSetup setup;

	private final PeerControl control;

	private final Duration startTimeout;

	private final ServingChanges changes;

	private volatile ProcessHandle master;

	private volatile boolean stopping;

	public ManagedNginx(Path binary, NginxSetup setup, PeerControl control, Duration startTimeout,
			ServingChanges changes) {
		this.binary = binary;
		this.setup = setup;
		this.control = control;
		this.startTimeout = startTimeout;
		this.changes = changes;
	}

	/**
	 * Adopts the nginx an earlier start of this node left running, or starts one (having
	 * stopped whatever else of its own was left), returning once its control endpoint
	 * answers.
	 */
	public synchronized void start() {
		NginxFiles files = new NginxFiles(this.setup);
		String digest = files.digest();
		Optional<ManagedNginxRecord> earlier = ManagedNginxRecord.read(this.setup.managedRecord());
		if (earlier.isPresent() && adopted(earlier.get(), digest)) {
			return;
		}
		earlier.ifPresent(this::stopEarlier);
		launch(files, digest);
	}

	private boolean adopted(ManagedNginxRecord earlier, String digest) {
		NginxProcessGroup group = group(earlier.pid());
		Optional<ProcessHandle> found = group.master();
		if (found.isEmpty() || !ours(group) || !earlier.digest().equals(digest)) {
			return false;
		}
		try {
			// as long as a start waits for a new nginx: a busy machine can keep a serving
			// nginx from answering one request in time, and stopping it for that would
			// close
			// every client's idle connection
			awaitControl(found.get(), () -> "master pid " + earlier.pid());
		}
		catch (RuntimeException ex) {
			logger.warn("nginx (master pid {}) left by an earlier start does not answer with this node's token: {}",
					earlier.pid(), ex.getMessage());
			return false;
		}
		this.master = found.get();
		logger.info("Adopted nginx (master pid {}) left running by an earlier start of this node", earlier.pid());
		watch(found.get(), found.get().onExit().thenApply((handle) -> "exited"));
		return true;
	}

	private boolean ours(NginxProcessGroup group) {
		return group.masterCommandLine().contains("-c " + this.setup.mainConfig());
	}

	private void stopEarlier(ManagedNginxRecord earlier) {
		NginxProcessGroup group = group(earlier.pid());
		if (group.master().isPresent() && !ours(group)) {
			logger.warn("Process {} named in {} is not this node's nginx: leaving it alone", earlier.pid(),
					this.setup.managedRecord());
		}
		else if (!group.isEmpty()) {
			logger.warn("Stopping nginx (process group {}) left by an earlier start of this node", earlier.pid());
			group.stop(this.startTimeout);
		}
		ManagedNginxRecord.delete(this.setup.managedRecord());
	}

	private void launch(NginxFiles files, String digest) {
		Path conf = files.writeManaged();
		Path output = this.setup.logDirectory().resolve("nginx.out");
		Process started;
		try {
			// setsid makes nginx the leader of a new process group (and session) without
			// a
			// fork of its own: the master keeps the pid the group is named after.
			started = new ProcessBuilder(command(conf)).redirectErrorStream(true)
				.redirectOutput(ProcessBuilder.Redirect.appendTo(output.toFile()))
				.start();
		}
		catch (IOException ex) {
			throw new UncheckedIOException("cannot start " + this.binary, ex);
		}
		try {
			new ManagedNginxRecord(started.pid(), digest).write(this.setup.managedRecord());
			awaitControl(started.toHandle(),
					() -> (started.isAlive() ? "" : "exit value " + started.exitValue() + ", ") + tail(output));
		}
		catch (RuntimeException ex) {
			group(started.pid()).kill();
			started.destroyForcibly();
			ManagedNginxRecord.delete(this.setup.managedRecord());
			throw ex;
		}
		this.master = started.toHandle();
		logger.info("Started nginx (master pid {}) with {}", started.pid(), conf);
		watch(started.toHandle(), started.onExit().thenApply((process) -> "exited with " + process.exitValue()));
	}

	private List<String> command(Path conf) {
		return List.of("setsid", this.binary.toString(), "-p", this.setup.workingDirectory() + "/", "-c",
				conf.toString());
	}

	/**
	 * Asks nginx's control endpoint until it answers, for at most the start timeout; a
	 * refused token ends the wait at once ({@link ControlRefusedException}), and so does
	 * the master's exit.
	 * @param master nginx's master
	 * @param detail what a failure's message ends with
	 */
	private void awaitControl(ProcessHandle master, Supplier<String> detail) {
		long deadline = System.nanoTime() + this.startTimeout.toNanos();
		while (true) {
			try {
				this.control.epoch();
				return;
			}
			catch (NginxUnreachableException ex) {
				if (System.nanoTime() >= deadline) {
					throw new IllegalStateException("nginx did not answer on its control endpoint within "
							+ this.startTimeout + ": " + detail.get(), ex);
				}
				logger.debug("nginx not answering yet: {}", ex.getMessage());
			}
			if (exitsWithin(master, 20)) {
				throw new IllegalStateException("nginx exited: " + detail.get());
			}
		}
	}

	private void watch(ProcessHandle watched, CompletableFuture<String> exit) {
		exit.thenAccept((how) -> exited(watched, how));
	}

	/**
	 * Workers outlive a master killed with SIGKILL and keep serving on its ports: they
	 * are stopped first, so that nginx is down when the node says so, and a new one can
	 * bind.
	 */
	private synchronized void exited(ProcessHandle watched, String how) {
		ProcessHandle current = this.master;
		if (this.stopping || current == null || current.pid() != watched.pid()) {
			return;
		}
		group(watched.pid()).stop(this.startTimeout);
		ManagedNginxRecord.delete(this.setup.managedRecord());
		String reason = "nginx down: master pid " + watched.pid() + " " + how;
		logger.error("{}; starting it again in {}", reason, RESTART_DELAY);
		this.changes.stopped(reason);
		scheduleRestart();
	}

	private void scheduleRestart() {
		CompletableFuture.delayedExecutor(RESTART_DELAY.toMillis(), TimeUnit.MILLISECONDS).execute(() -> {
			try {
				if (restarted()) {
					this.changes.resumed();
				}
			}
			catch (RuntimeException ex) {
				logger.error("Cannot start nginx again: {}; trying again in {}", ex.getMessage(), RESTART_DELAY);
				scheduleRestart();
			}
		});
	}

	private synchronized boolean restarted() {
		if (this.stopping) {
			return false;
		}
		start();
		return true;
	}

	/**
	 * The pid of nginx's master process.
	 * @return the pid, or -1 when nginx is not running
	 */
	public long pid() {
		ProcessHandle current = this.master;
		return (current != null && current.isAlive()) ? current.pid() : -1;
	}

	/**
	 * Stops watching nginx and leaves it serving, its record in place for the node's next
	 * start to adopt.
	 */
	public synchronized void leaveServing() {
		this.stopping = true;
		ProcessHandle current = this.master;
		this.master = null;
		if (current != null) {
			logger.info("Left nginx (master pid {}) serving, for the next start of this node to adopt", current.pid());
		}
	}

	/**
	 * Stops nginx gracefully (SIGQUIT: requests in flight finish), every process of it
	 * forcibly after the start timeout.
	 */
	@Override
	public synchronized void close() {
		this.stopping = true;
		ProcessHandle current = this.master;
		this.master = null;
		if (current == null) {
			return;
		}
		if (group(current.pid()).stop(this.startTimeout)) {
			logger.info("Stopped nginx (master pid {})", current.pid());
		}
		else {
			logger.error("nginx (process group {}) did not stop", current.pid());
		}
		ManagedNginxRecord.delete(this.setup.managedRecord());
	}

	private NginxProcessGroup group(long pid) {
		return new NginxProcessGroup(pid, this.binary);
	}

	private static boolean exitsWithin(ProcessHandle process, long millis) {
		try {
			process.onExit().get(millis, TimeUnit.MILLISECONDS);
			return true;
		}
		catch (TimeoutException ex) {
			return false;
		}
		catch (ExecutionException ex) {
			throw new IllegalStateException(ex);
		}
		catch (InterruptedException ex) {
			Thread.currentThread().interrupt();
			throw new IllegalStateException("interrupted while adopting nginx", ex);
		}
	}

	private static String tail(Path output) {
		try {
			List<String> lines = Files.readAllLines(output);
			return String.join(" | ", lines.subList(Math.max(0, lines.size() - 5), lines.size()));
		}
		catch (IOException ex) {
			return "(no output: " + ex.getMessage() + ")";
		}
	}

}
