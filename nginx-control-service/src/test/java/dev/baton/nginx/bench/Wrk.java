package dev.baton.nginx.bench;

import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.charset.StandardCharsets;
import java.util.concurrent.TimeUnit;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

/**
 * Runs {@code wrk} against one URL and reads requests per second and the p99 latency.
 */
final class Wrk {

	private static final Pattern REQUESTS = Pattern.compile("(\\d+) requests in");

	private static final Pattern RPS = Pattern.compile("Requests/sec:\\s+([0-9.]+)");

	private static final Pattern P99 = Pattern.compile("\\s99%\\s+([0-9.]+)(us|ms|s)");

	private static final Pattern ERRORS = Pattern.compile("Non-2xx or 3xx responses: (\\d+)|Socket errors: (.*)");

	private final int threads;

	private final int connections;

	private final int seconds;

	Wrk(int threads, int connections, int seconds) {
		this.threads = threads;
		this.connections = connections;
		this.seconds = seconds;
	}

	Result run(int port) {
		try {
			Process wrk = new ProcessBuilder("wrk", "-t" + this.threads, "-c" + this.connections,
					"-d" + this.seconds + "s", "--latency", "http://127.0.0.1:" + port + "/")
				.redirectErrorStream(true)
				.start();
			String output = new String(wrk.getInputStream().readAllBytes(), StandardCharsets.UTF_8);
			wrk.waitFor(this.seconds + 30L, TimeUnit.SECONDS);
			Matcher rps = RPS.matcher(output);
			Matcher p99 = P99.matcher(output);
			if (!rps.find() || !p99.find()) {
				throw new IllegalStateException("cannot read wrk's output:\n" + output);
			}
			Matcher errors = ERRORS.matcher(output);
			Matcher requests = REQUESTS.matcher(output);
			return new Result(requests.find() ? Long.parseLong(requests.group(1)) : 0, Double.parseDouble(rps.group(1)),
					millis(p99.group(1), p99.group(2)), errors.find() ? errors.group() : "");
		}
		catch (IOException ex) {
			throw new UncheckedIOException(ex);
		}
		catch (InterruptedException ex) {
			Thread.currentThread().interrupt();
			throw new IllegalStateException(ex);
		}
	}

	/** The command line, as a report names the load. */
	@Override
	public String toString() {
		return "wrk -t" + this.threads + " -c" + this.connections + " -d" + this.seconds + "s";
	}

	/** How long a run takes, as a report names a warm-up. */
	int seconds() {
		return this.seconds;
	}

	private static double millis(String value, String unit) {
		double number = Double.parseDouble(value);
		return switch (unit) {
			case "us" -> number / 1000;
			case "s" -> number * 1000;
			default -> number;
		};
	}

	/**
	 * @param requests requests completed
	 * @param requestsPerSecond throughput
	 * @param p99Millis 99th percentile latency
	 * @param errors wrk's error line, empty when none
	 */
	record Result(long requests, double requestsPerSecond, double p99Millis, String errors) {
	}

}
