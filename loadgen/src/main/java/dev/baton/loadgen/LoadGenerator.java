package dev.baton.loadgen;

import java.io.IOException;
import java.nio.file.Files;
import java.time.Duration;
import java.util.Arrays;
import java.util.List;
import java.util.Map;
import java.util.concurrent.CountDownLatch;
import java.util.concurrent.Executors;
import java.util.concurrent.ScheduledExecutorService;
import java.util.concurrent.TimeUnit;

import dev.baton.loadgen.live.LongLivedClients;
import dev.baton.loadgen.live.LongLivedSettings;
import dev.baton.loadgen.live.LongLivedSummary;
import dev.baton.loadgen.report.ReportRenderer;

/**
 * The load generator's command line: runs one {@link OpenLoad} (and the long-lived
 * clients asked for, beside it), stops on its duration, a stop file, SIGTERM or SIGINT,
 * prints a summary and writes the JSON result. {@code report ...} runs the
 * {@link ReportRenderer} instead.
 */
public final class LoadGenerator {

	/**
	 * What the generator says on standard error when the run it measures starts, after
	 * any warm-up: a process that started it waits for this line.
	 */
	public static final String MEASURING = "loadgen: measuring";

	private LoadGenerator() {
	}

	public static void main(String[] args) throws IOException {
		if (args.length > 0 && args[0].equals("report")) {
			ReportRenderer.main(Arrays.copyOfRange(args, 1, args.length));
			return;
		}
		LoadSettings settings;
		LongLivedSettings longLived;
		Duration warmUp;
		boolean stopWithParent;
		try {
			CommandLine line = new CommandLine(args);
			if (line.has("help") || args.length == 0) {
				System.out.print(CommandLine.USAGE);
				return;
			}
			settings = line.loadSettings();
			warmUp = line.warmUp();
			stopWithParent = line.has("stop-with-parent");
			LoopbackTarget.require(settings.target());
			longLived = line.longLivedSettings(settings.target());
		}
		catch (IllegalArgumentException ex) {
			System.err.println("loadgen: " + ex.getMessage());
			System.err.print(CommandLine.USAGE);
			System.exit(2);
			return;
		}
		OpenLoad load = new OpenLoad(settings);
		StopSignals.install(load::stop);
		if (stopWithParent) {
			ProcessHandle.current().parent().ifPresent((parent) -> parent.onExit().thenRun(load::stop));
		}
		warmUp(settings, warmUp);
		System.err.println(MEASURING);
		LongLivedClients clients = (longLived != null) ? LongLivedClients.start(longLived) : null;
		int status = run(load, settings);
		if (clients != null) {
			LongLivedSummary summary = clients.stop();
			System.out.println("long-lived connections: " + summary);
			if (settings.failOnErrors() && !summary.clean()) {
				status = 1;
			}
		}
		if (status != 0) {
			System.exit(status);
		}
	}

	/**
	 * Sends as the run will, for a while, and counts none of it.
	 * @param settings the run's settings
	 * @param warmUp how long; zero for no warm-up
	 */
	static void warmUp(LoadSettings settings, Duration warmUp) {
		if (!warmUp.isZero()) {
			new OpenLoad(settings.withDuration(warmUp)).run();
		}
	}

	/**
	 * Runs the load, writes the result and prints the summary.
	 * @param load the load
	 * @param settings its settings
	 * @return the exit status
	 * @throws IOException when the result cannot be written
	 */
	static int run(OpenLoad load, LoadSettings settings) throws IOException {
		CountDownLatch written = new CountDownLatch(1);
		// Any other way the JVM is asked to exit still gets the result written.
		Thread onExit = new Thread(() -> {
			load.stop();
			awaitQuietly(written, settings.requestTimeout().toMillis() + 10_000);
		}, "loadgen-exit");
		Runtime.getRuntime().addShutdownHook(onExit);
		ScheduledExecutorService ticker = Executors.newSingleThreadScheduledExecutor((task) -> {
			Thread thread = new Thread(task, "loadgen-ticker");
			thread.setDaemon(true);
			return thread;
		});
		ticker.scheduleAtFixedRate(() -> progress(load, settings), 1, 1, TimeUnit.SECONDS);
		if (settings.stopFile() != null) {
			// A stop file left over from an earlier run must not end this one at once.
			Files.deleteIfExists(settings.stopFile());
			ticker.scheduleAtFixedRate(() -> {
				if (Files.exists(settings.stopFile())) {
					load.stop();
				}
			}, 100, 100, TimeUnit.MILLISECONDS);
		}
		try {
			LoadResult result = load.run();
			ticker.shutdownNow();
			if (settings.output() != null) {
				LoadResults.write(result, settings.output());
			}
			System.out.println(summary(result));
			return (settings.failOnErrors() && result.failed() > 0) ? 1 : 0;
		}
		finally {
			written.countDown();
			removeHook(onExit);
		}
	}

	private static void progress(OpenLoad load, LoadSettings settings) {
		long[] recent = load.recent();
		if (!settings.quiet()) {
			System.err.printf("answers/s %d  failures/s %d%n", recent[0], recent[1]);
		}
	}

	static String summary(LoadResult result) {
		return String.format(
				"%d requests in %.1f s at %.0f/s to %s: %d failed (GET %d %s, POST %d %s); "
						+ "latency ms p50 %.1f p99 %.1f max %.1f",
				result.requests(), result.durationSeconds(), result.rate(), result.target(), result.failed(),
				result.get().failed(), causes(result.get()), result.post().failed(), causes(result.post()),
				result.latency().p50(), result.latency().p99(), result.latency().max());
	}

	private static String causes(LoadResult.MethodTotals totals) {
		StringBuilder text = new StringBuilder();
		for (Map<String, Long> group : List.of(totals.statuses(), totals.errors())) {
			group.forEach((cause, count) -> text.append(text.isEmpty() ? "" : ", ").append(cause + "=" + count));
		}
		return "[" + text + "]";
	}

	private static void awaitQuietly(CountDownLatch latch, long millis) {
		try {
			latch.await(millis, TimeUnit.MILLISECONDS);
		}
		catch (InterruptedException ex) {
			Thread.currentThread().interrupt();
		}
	}

	private static void removeHook(Thread hook) {
		try {
			Runtime.getRuntime().removeShutdownHook(hook);
		}
		catch (IllegalStateException ex) {
			// The JVM is already shutting down (SIGTERM): the hook is running and waits
			// for us.
		}
	}

}
