package dev.baton.loadgen;

import java.net.URI;
import java.nio.file.Path;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;

/**
 * One load run, as the command line describes it.
 *
 * @param target the base URL, a loopback address such as {@code http://127.0.0.1:8080}
 * @param getPath the path of the GET requests
 * @param postPath the path of the POST requests
 * @param rate requests per second, whatever the answers
 * @param duration how long to send; {@code null} to send until stopped
 * @param getWeight GETs per round of the mix
 * @param postWeight POSTs per round of the mix
 * @param connectTimeout the longest a connection may take to open
 * @param requestTimeout the longest a request may wait for its answer
 * @param maxInFlight requests that may be outstanding at once; beyond it a request is
 * counted as failed ({@code overload}) instead of being delayed
 * @param threads sending threads kept ready; more start while more requests are
 * outstanding, up to {@code maxInFlight}
 * @param stopFile a file whose appearance stops the run; may be {@code null}
 * @param output where the JSON result goes; may be {@code null}
 * @param failOnErrors exit with status 1 when any request failed
 * @param quiet print no per-second progress
 * @param requestLog where each request's line goes (see {@link RequestLog}); may be
 * {@code null}
 */
public record LoadSettings(URI target, String getPath, String postPath, double rate, Duration duration, int getWeight,
		int postWeight, Duration connectTimeout, Duration requestTimeout, int maxInFlight, int threads, Path stopFile,
		Path output, boolean failOnErrors, boolean quiet, Path requestLog) {

	public LoadSettings {
		if (rate <= 0 || rate > 100_000) {
			throw new IllegalArgumentException("--rate must be above 0 and at most 100000, got " + rate);
		}
		if (getWeight < 0 || postWeight < 0 || getWeight + postWeight == 0) {
			throw new IllegalArgumentException("--mix needs a positive total, got " + getWeight + ":" + postWeight);
		}
		if (maxInFlight < 1 || threads < 1) {
			throw new IllegalArgumentException("--max-in-flight and --threads must be at least 1");
		}
		if (duration != null && (duration.isNegative() || duration.isZero())) {
			duration = null;
		}
	}

	/**
	 * Settings with the defaults: 300 requests/s, GET:POST 2:1, until stopped.
	 * @param target the base URL
	 * @return the settings
	 */
	public static LoadSettings defaults(URI target) {
		return new LoadSettings(target, "/work", "/orders", 300, null, 2, 1, Duration.ofSeconds(1),
				Duration.ofSeconds(5), 2000, 4, null, null, false, false, null);
	}

	/**
	 * The generator's command line that gives these settings, for a process that starts
	 * the generator as a process of its own.
	 * @return the arguments, {@code --target} first
	 */
	public List<String> arguments() {
		List<String> arguments = new ArrayList<>(List.of("--target", this.target.toString(), "--get-path", this.getPath,
				"--post-path", this.postPath, "--rate", Double.toString(this.rate), "--mix",
				this.getWeight + ":" + this.postWeight, "--connect-timeout", millis(this.connectTimeout),
				"--request-timeout", millis(this.requestTimeout), "--max-in-flight", Integer.toString(this.maxInFlight),
				"--threads", Integer.toString(this.threads)));
		if (this.duration != null) {
			arguments.addAll(List.of("--duration", millis(this.duration)));
		}
		if (this.stopFile != null) {
			arguments.addAll(List.of("--stop-file", this.stopFile.toString()));
		}
		if (this.output != null) {
			arguments.addAll(List.of("--out", this.output.toString()));
		}
		if (this.failOnErrors) {
			arguments.add("--fail-on-errors");
		}
		if (this.quiet) {
			arguments.add("--quiet");
		}
		if (this.requestLog != null) {
			arguments.addAll(List.of("--request-log", this.requestLog.toString()));
		}
		return arguments;
	}

	private static String millis(Duration duration) {
		return duration.toMillis() + "ms";
	}

	public LoadSettings withRate(double newRate) {
		return new LoadSettings(this.target, this.getPath, this.postPath, newRate, this.duration, this.getWeight,
				this.postWeight, this.connectTimeout, this.requestTimeout, this.maxInFlight, this.threads,
				this.stopFile, this.output, this.failOnErrors, this.quiet, this.requestLog);
	}

	public LoadSettings withDuration(Duration newDuration) {
		return new LoadSettings(this.target, this.getPath, this.postPath, this.rate, newDuration, this.getWeight,
				this.postWeight, this.connectTimeout, this.requestTimeout, this.maxInFlight, this.threads,
				this.stopFile, this.output, this.failOnErrors, this.quiet, this.requestLog);
	}

	public LoadSettings withRequestTimeout(Duration timeout) {
		return new LoadSettings(this.target, this.getPath, this.postPath, this.rate, this.duration, this.getWeight,
				this.postWeight, this.connectTimeout, timeout, this.maxInFlight, this.threads, this.stopFile,
				this.output, this.failOnErrors, this.quiet, this.requestLog);
	}

	public LoadSettings withPaths(String get, String post) {
		return new LoadSettings(this.target, get, post, this.rate, this.duration, this.getWeight, this.postWeight,
				this.connectTimeout, this.requestTimeout, this.maxInFlight, this.threads, this.stopFile, this.output,
				this.failOnErrors, this.quiet, this.requestLog);
	}

	public LoadSettings withRequestLog(Path log) {
		return new LoadSettings(this.target, this.getPath, this.postPath, this.rate, this.duration, this.getWeight,
				this.postWeight, this.connectTimeout, this.requestTimeout, this.maxInFlight, this.threads,
				this.stopFile, this.output, this.failOnErrors, this.quiet, log);
	}

	public LoadSettings withQuiet(boolean newQuiet) {
		return new LoadSettings(this.target, this.getPath, this.postPath, this.rate, this.duration, this.getWeight,
				this.postWeight, this.connectTimeout, this.requestTimeout, this.maxInFlight, this.threads,
				this.stopFile, this.output, this.failOnErrors, newQuiet, this.requestLog);
	}

}
