package dev.baton.nginx.dataplane;

import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.List;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.TimeUnit;

import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * The nginx that nginx-control runs itself in managed mode: a foreground child started
 * with {@code -p prefix -c conf}, restarted when it dies (the new epoch then brings every
 * peer back), and stopped gracefully on shutdown. It is never reloaded.
 */
public class ManagedNginx implements AutoCloseable {

	private static final Logger logger = LoggerFactory.getLogger(ManagedNginx.class);

	private static final Duration RESTART_DELAY = Duration.ofSeconds(1);

	private final Path binary;

	private final NginxSetup setup;

	private final PeerControl control;

	private final Duration startTimeout;

	private volatile Process process;

	private volatile boolean stopping;

	public ManagedNginx(Path binary, NginxSetup setup, PeerControl control, Duration startTimeout) {
		this.binary = binary;
		this.setup = setup;
		this.control = control;
		this.startTimeout = startTimeout;
	}

	/**
	 * Writes the configuration and starts nginx, returning once its control endpoint
	 * answers.
	 */
	public synchronized void start() {
		Path conf = new NginxFiles(this.setup).writeManaged();
		Path output = this.setup.logDirectory().resolve("nginx.out");
		try {
			Process started = new ProcessBuilder(command(conf)).redirectErrorStream(true)
				.redirectOutput(ProcessBuilder.Redirect.appendTo(output.toFile()))
				.start();
			this.process = started;
			awaitControl(started, output);
			logger.info("Started nginx (master pid {}) with {}", started.pid(), conf);
			started.onExit().thenRun(() -> restartUnlessStopping(started));
		}
		catch (IOException ex) {
			throw new UncheckedIOException("cannot start " + this.binary, ex);
		}
	}

	private List<String> command(Path conf) {
		return List.of(this.binary.toString(), "-p", this.setup.workingDirectory() + "/", "-c", conf.toString());
	}

	private void awaitControl(Process started, Path output) {
		long deadline = System.nanoTime() + this.startTimeout.toNanos();
		while (System.nanoTime() < deadline) {
			if (waitForExit(started, 20)) {
				throw new IllegalStateException("nginx exited with " + started.exitValue() + ": " + tail(output));
			}
			try {
				this.control.epoch();
				return;
			}
			catch (NginxUnreachableException ex) {
				logger.debug("nginx not answering yet: {}", ex.getMessage());
			}
		}
		started.destroyForcibly();
		throw new IllegalStateException(
				"nginx did not answer on its control endpoint within " + this.startTimeout + ": " + tail(output));
	}

	private void restartUnlessStopping(Process exited) {
		if (this.stopping || exited != this.process) {
			return;
		}
		logger.error("nginx (pid {}) exited with {}; starting it again in {}", exited.pid(), exited.exitValue(),
				RESTART_DELAY);
		scheduleRestart();
	}

	private void scheduleRestart() {
		CompletableFuture.delayedExecutor(RESTART_DELAY.toMillis(), TimeUnit.MILLISECONDS).execute(() -> {
			if (this.stopping) {
				return;
			}
			try {
				start();
			}
			catch (RuntimeException ex) {
				logger.error("Cannot start nginx again: {}; trying again in {}", ex.getMessage(), RESTART_DELAY);
				scheduleRestart();
			}
		});
	}

	/**
	 * The pid of nginx's master process.
	 * @return the pid, or -1 when nginx is not running
	 */
	public long pid() {
		Process current = this.process;
		return (current != null && current.isAlive()) ? current.pid() : -1;
	}

	/**
	 * Stops nginx gracefully ({@code -s quit}: requests in flight finish), forcibly after
	 * the timeout.
	 */
	@Override
	public synchronized void close() {
		this.stopping = true;
		Process current = this.process;
		if (current == null || !current.isAlive()) {
			return;
		}
		try {
			new ProcessBuilder(this.binary.toString(), "-p", this.setup.workingDirectory() + "/", "-c",
					this.setup.mainConfig().toString(), "-s", "quit")
				.redirectErrorStream(true)
				.redirectOutput(ProcessBuilder.Redirect.DISCARD)
				.start()
				.waitFor(5, TimeUnit.SECONDS);
			if (!current.waitFor(this.startTimeout.toMillis(), TimeUnit.MILLISECONDS)) {
				current.destroyForcibly();
			}
			logger.info("Stopped nginx (master pid {})", current.pid());
		}
		catch (IOException ex) {
			current.destroyForcibly();
		}
		catch (InterruptedException ex) {
			Thread.currentThread().interrupt();
			current.destroyForcibly();
		}
	}

	private static boolean waitForExit(Process started, long millis) {
		try {
			return started.waitFor(millis, TimeUnit.MILLISECONDS);
		}
		catch (InterruptedException ex) {
			Thread.currentThread().interrupt();
			throw new IllegalStateException("interrupted while starting nginx", ex);
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
