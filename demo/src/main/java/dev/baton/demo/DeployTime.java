package dev.baton.demo;

import java.io.IOException;
import java.nio.file.Files;
import java.time.Duration;
import java.util.List;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

import tools.jackson.databind.JsonNode;

/**
 * The deploy-time target: a deploy of N instances one at a time takes at most N × (app
 * start-up + 0.5 s), since the drain is the real in-flight wait and the verification
 * follows the instance's readiness at once. An instance's start-up is what any deploy,
 * scripted or not, has to wait for: from its process being started to its first healthy
 * answer, as the restart hook measured it (on its standard error, kept in each restart
 * step). The JVM's own figure (Spring Boot's "process running for" in the instance's log)
 * is shown next to it: it leaves out the launcher and the first request. Everything else
 * is the price of a safe deploy: the old app letting go of its port (the new one starts
 * then, while the old one finishes exiting), and Baton's own steps (drain, verification,
 * re-enabling).
 */
final class DeployTime {

	private static final Pattern STARTED = Pattern
		.compile("Started \\S+ in [0-9.]+ seconds \\(process running for ([0-9.]+)\\)");

	private static final Pattern HOOK = Pattern
		.compile("started \\S+ after (\\d+) ms; answering /health (\\d+) ms after its start");

	private DeployTime() {
	}

	static String check(Stack stack, Duration took, List<JsonNode> restarts) {
		double jvmStartups = 0;
		long stops = 0;
		long startups = 0;
		for (JsonNode restart : restarts) {
			jvmStartups += lastStartup(stack, restart.path("instanceId").asString());
			Matcher hook = HOOK.matcher(restart.path("stderr").asString(""));
			if (hook.find()) {
				stops += Long.parseLong(hook.group(1));
				startups += Long.parseLong(hook.group(2));
			}
		}
		double seconds = took.toMillis() / 1000.0;
		double limit = startups / 1000.0 + 0.5 * restarts.size();
		return String.format(
				"deploy took %.1f s for %d instances; their start-ups (process started to first healthy answer)"
						+ " %.1f s in all (the JVMs' own figure %.1f s); target ≤ %.1f s: %s"
						+ " (old apps letting go of the port %.1f s, Baton's steps %.1f s)",
				seconds, restarts.size(), startups / 1000.0, jvmStartups, limit, (seconds <= limit) ? "met" : "MISSED",
				stops / 1000.0, seconds - (stops + startups) / 1000.0);
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
