package dev.baton.demo;

import java.io.BufferedReader;
import java.io.IOException;
import java.io.InputStreamReader;
import java.io.UncheckedIOException;
import java.lang.management.ManagementFactory;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.StandardOpenOption;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.ExecutionException;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.TimeoutException;

import dev.baton.loadgen.LoadGenerator;
import dev.baton.loadgen.LoadResult;
import dev.baton.loadgen.LoadResults;
import dev.baton.loadgen.LoadSettings;
import dev.baton.loadgen.live.LongLivedSettings;

/**
 * Steady load through nginx while a scenario runs: fixed-rate GETs and POSTs (the sample
 * app's /work and /orders unless told), 2:1, sent by the load generator in a process of
 * its own, as a user's clients are. In the JVM that also runs the scenario's
 * {@code baton} commands, each command stalled the generator's clock, and a deploy's
 * first second read slower there than to a generator in another process beside it.
 */
public final class LoadRun {

	/**
	 * Sent before the measured run starts: the generator's JVM is new, and its first
	 * seconds measure its own JIT compiler as much as nginx.
	 */
	private static final Duration WARM_UP = Duration.ofSeconds(3);

	/** Should nothing stop it, the generator stops by itself after this. */
	private static final Duration BOUND = Duration.ofMinutes(30);

	private static final Duration REQUEST_TIMEOUT = Duration.ofSeconds(10);

	private static final Duration STARTS_WITHIN = Duration.ofSeconds(60);

	private final Process process;

	private final Path result;

	private LoadRun(Process process, Path result) {
		this.process = process;
		this.result = result;
	}

	public static LoadRun start(DemoOptions options) {
		return start(options, "/work", "/orders");
	}

	/**
	 * Steady load on other paths than the sample app's. Returns once the generator's
	 * measured run has started.
	 * @param options where nginx serves the service and how hard to push it
	 * @param getPath the path of the GET requests
	 * @param postPath the path of the POST requests
	 * @return the running load
	 */
	public static LoadRun start(DemoOptions options, String getPath, String postPath) {
		return start(options, getPath, postPath, null, null);
	}

	/**
	 * Steady load on the sample app's paths that logs every request (see
	 * {@link dev.baton.loadgen.RequestLog}), for a judge that reads the log afterwards,
	 * with long-lived clients beside it.
	 * @param options where nginx serves the service and how hard to push it
	 * @param requestLog where the lines go
	 * @param longLived the WebSocket and event stream clients, with their connection log
	 * @return the running load
	 */
	public static LoadRun start(DemoOptions options, Path requestLog, LongLivedSettings longLived) {
		return start(options, "/work", "/orders", requestLog, longLived);
	}

	private static LoadRun start(DemoOptions options, String getPath, String postPath, Path requestLog,
			LongLivedSettings longLived) {
		try {
			Path directory = Files.createDirectories(options.run().resolve("load"));
			Path result = Files.createTempFile(directory, "load-", ".json");
			// The generator writes it when it stops; one that did not is told apart.
			Files.delete(result);
			Path log = options.run().resolve("logs").resolve("loadgen.log");
			Files.createDirectories(log.getParent());
			Process process = new ProcessBuilder(command(options, getPath, postPath, result, requestLog, longLived))
				.redirectOutput(ProcessBuilder.Redirect.appendTo(log.toFile()))
				.start();
			LoadRun run = new LoadRun(process, result);
			run.awaitMeasuring(log);
			return run;
		}
		catch (IOException ex) {
			throw new UncheckedIOException("cannot start the load generator", ex);
		}
	}

	/**
	 * The generator's command line: the same JVM options as this JVM (the stack's lean
	 * JIT and GC), this class path, and a bound in time.
	 */
	private static List<String> command(DemoOptions options, String getPath, String postPath, Path result,
			Path requestLog, LongLivedSettings longLived) {
		LoadSettings settings = new LoadSettings(options.nginx(), getPath, postPath, options.rate(), BOUND, 2, 1,
				Duration.ofSeconds(1), REQUEST_TIMEOUT, 4000, 4, null, result, false, true, requestLog);
		List<String> command = new ArrayList<>();
		command.add(ProcessHandle.current().info().command().orElse("java"));
		command.addAll(ManagementFactory.getRuntimeMXBean().getInputArguments());
		command.addAll(List.of("-cp", System.getProperty("java.class.path"), LoadGenerator.class.getName()));
		command.addAll(settings.arguments());
		if (longLived != null) {
			command.addAll(longLived.arguments());
		}
		command.addAll(List.of("--warm-up", WARM_UP.toMillis() + "ms", "--stop-with-parent"));
		return command;
	}

	/**
	 * Waits for the generator to say its measured run started, copying what it says to
	 * its log.
	 */
	private void awaitMeasuring(Path log) {
		CompletableFuture<Void> measuring = new CompletableFuture<>();
		Thread reader = new Thread(() -> {
			try (BufferedReader lines = new BufferedReader(
					new InputStreamReader(this.process.getErrorStream(), StandardCharsets.UTF_8))) {
				for (String line = lines.readLine(); line != null; line = lines.readLine()) {
					if (line.equals(LoadGenerator.MEASURING)) {
						measuring.complete(null);
					}
					Files.writeString(log, line + System.lineSeparator(), StandardOpenOption.APPEND);
				}
			}
			catch (IOException ex) {
				measuring.completeExceptionally(ex);
			}
			measuring.completeExceptionally(new IllegalStateException(
					"the load generator exited before it started sending (see logs/loadgen.log)"));
		}, "loadgen-output");
		reader.setDaemon(true);
		reader.start();
		try {
			measuring.get(STARTS_WITHIN.toSeconds(), TimeUnit.SECONDS);
		}
		catch (ExecutionException | TimeoutException ex) {
			this.process.destroyForcibly();
			throw new IllegalStateException("the load generator did not start sending within "
					+ STARTS_WITHIN.toSeconds() + " s (see logs/loadgen.log)", ex);
		}
		catch (InterruptedException ex) {
			Thread.currentThread().interrupt();
			this.process.destroyForcibly();
			throw new IllegalStateException("interrupted while the load generator started", ex);
		}
	}

	/**
	 * Stops the load (SIGTERM: the generator waits for its outstanding answers and writes
	 * its result) and reads what it saw.
	 * @return the result
	 */
	public LoadResult stop() {
		this.process.destroy();
		try {
			if (!this.process.waitFor(REQUEST_TIMEOUT.plusSeconds(30).toSeconds(), TimeUnit.SECONDS)) {
				this.process.destroyForcibly();
				throw new IllegalStateException("the load generator did not stop (see logs/loadgen.log)");
			}
			LoadResult result = LoadResults.read(this.result);
			Files.delete(this.result);
			return result;
		}
		catch (IOException ex) {
			throw new UncheckedIOException("the load generator wrote no result (see logs/loadgen.log)", ex);
		}
		catch (InterruptedException ex) {
			Thread.currentThread().interrupt();
			this.process.destroyForcibly();
			throw new IllegalStateException("interrupted while the load generator stopped", ex);
		}
	}

}
