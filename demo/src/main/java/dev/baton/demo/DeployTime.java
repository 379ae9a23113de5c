package dev.baton.demo;

import java.io.IOException;
import java.nio.file.Files;
import java.time.Duration;
import java.time.Instant;
import java.util.List;
import java.util.Optional;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

import tools.jackson.databind.JsonNode;

/**
 * The deploy-time target: a deploy of N instances one at a time takes at most N × (app
 * start-up + 0.5 s), since the drain is the real in-flight wait and the verification
 * follows the instance's readiness at once. An instance's start-up is what any deploy,
 * scripted or not, has to wait for: the JVM's own figure (Spring Boot's "process running
 * for" in the instance's log, from the JVM's start to the app being ready). Everything
 * else is the price of a safe deploy: the old app letting go of its port (the new one
 * starts then, while the old one finishes exiting), and Baton's own steps (drain,
 * verification, re-enabling).
 */
final class DeployTime {

	private static final Pattern STARTED = Pattern
		.compile("Started \\S+ in [0-9.]+ seconds \\(process running for ([0-9.]+)\\)");

	private DeployTime() {
	}

	/**
	 * How long a deploy took as CI sees it: from the moment {@code baton deploy} was run
	 * to the deploy's last step, its own clock's {@code at} (the deployer's), so the time
	 * the request took to reach the deployer and be planned counts too.
	 * @param requested when the command was run
	 * @param last the deploy's {@code DeploySucceeded} or {@code DeployFailed}
	 * @return the time taken
	 */
	static Duration fromRequest(Instant requested, JsonNode last) {
		return Duration.between(requested, Instant.parse(last.path("at").asString()));
	}

	/**
	 * How long the request took to become a running deploy.
	 * @param requested when the command was run
	 * @param timeline the deploy's steps
	 * @return from the command to {@code DeployStarted}, or empty without one
	 */
	static Optional<Duration> toStart(Instant requested, Timeline timeline) {
		JsonNode started = timeline.step("DeployStarted");
		return started.isMissingNode() ? Optional.empty()
				: Optional.of(Duration.between(requested, Instant.parse(started.path("at").asString())));
	}

	/**
	 * The deploy's time against its target. A bake is the operator's choice of waiting
	 * and comes on top of the target.
	 * @param stack where the instances' logs are
	 * @param took the deploy's time from the request
	 * @param restarts the deploy's {@code InstanceRestarted} steps of its rollout
	 * @param baked how long the deploy baked
	 * @return the verdict line
	 */
	static String check(Stack stack, Duration took, List<JsonNode> restarts, Duration baked) {
		double startups = startups(stack, restarts).stream().mapToDouble(Double::doubleValue).sum();
		double seconds = took.toMillis() / 1000.0;
		double bake = baked.toMillis() / 1000.0;
		double limit = startups + 0.5 * restarts.size() + bake;
		return String.format(
				"deploy took %.1f s from the request for %d instances; their start-ups (the JVMs' own figure) %.1f s in all"
						+ "%s; target ≤ %.1f s: %s (the old apps letting go of the port and Baton's steps %.1f s)",
				seconds, restarts.size(), startups, baked.isZero() ? "" : String.format(", baked %.1f s", bake), limit,
				(seconds <= limit) ? "met" : "MISSED", seconds - startups - bake);
	}

	/**
	 * The start-up of each instance a deploy restarted or started, in seconds.
	 * @param stack where the instances' logs are
	 * @param restarts the deploy's {@code InstanceRestarted} steps of its rollout
	 * @return the JVMs' own figures, in the order of the steps
	 */
	static List<Double> startups(Stack stack, List<JsonNode> restarts) {
		return restarts.stream().map((restart) -> lastStartup(stack, restart.path("instanceId").asString())).toList();
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
