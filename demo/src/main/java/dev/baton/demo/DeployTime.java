package dev.baton.demo;

import java.io.IOException;
import java.nio.file.Files;
import java.time.Duration;
import java.util.List;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

/**
 * The deploy-time target: a deploy of N instances one at a time takes at most N × (app
 * start-up + 0.5 s), since the drain is the real in-flight wait and the verification
 * follows the instance's readiness at once. Start-up is what each instance reported in
 * its log for its last start.
 */
final class DeployTime {

	private static final Pattern STARTED = Pattern
		.compile("Started \\S+ in [0-9.]+ seconds \\(process running for ([0-9.]+)\\)");

	private DeployTime() {
	}

	static String check(Stack stack, Duration took, List<String> instances) {
		double startups = 0;
		for (String instance : instances) {
			startups += lastStartup(stack, instance);
		}
		double limit = startups + 0.5 * instances.size();
		return String.format("deploy took %.1f s for %d instances; their start-ups %.1f s in all; target ≤ %.1f s: %s",
				took.toMillis() / 1000.0, instances.size(), startups, limit,
				(took.toMillis() / 1000.0 <= limit) ? "met" : "MISSED");
	}

	private static double lastStartup(Stack stack, String instance) {
		try {
			double last = 0;
			for (String line : Files.readAllLines(stack.log(instance))) {
				Matcher matcher = STARTED.matcher(line);
				if (matcher.find()) {
					last = Double.parseDouble(matcher.group(1));
				}
			}
			return last;
		}
		catch (IOException ex) {
			return 0;
		}
	}

}
