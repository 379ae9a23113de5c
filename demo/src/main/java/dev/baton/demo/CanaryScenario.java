package dev.baton.demo;

import java.time.Duration;
import java.time.Instant;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.Optional;
import java.util.stream.Collectors;

import tools.jackson.databind.JsonNode;

import dev.baton.cli.Json;
import dev.baton.contracts.deploy.CanaryShare;

/**
 * {@code baton deploy SERVICE v4-flaky --strategy surge --canary 10% --bake 60s --wait}:
 * a release that is healthy and reports its version but answers a share of its requests
 * with a 500. The canary starts beside the serving instances and gets its share of the
 * traffic while it bakes; the deployer must roll it back on the figures nginx counted,
 * before the rest of the deploy. Passes when the deploy failed on the canary's errors,
 * every old instance still runs the process it ran before (none was restarted), no new
 * instance still answers, and the load lost at most the canary's share × the release's
 * error rate × the requests of a whole bake: what letting the canary bake to its end
 * would cost.
 */
final class CanaryScenario implements Scenario {

	private final String version;

	private final double errorRate;

	private final int percent;

	private final Duration bake;

	private final List<String> oldInstances;

	private final List<Integer> sparePorts;

	/**
	 * @param version the flaky release
	 * @param errorRate the share of its requests it fails, as the stack configures it
	 * @param percent the canary's share of the traffic, in percent
	 * @param bake how long the canary bakes
	 * @param oldInstances the instances serving before the deploy
	 * @param sparePorts where the canary's instances start
	 */
	CanaryScenario(String version, double errorRate, int percent, Duration bake, List<String> oldInstances,
			List<Integer> sparePorts) {
		this.version = version;
		this.errorRate = errorRate;
		this.percent = percent;
		this.bake = bake;
		this.oldInstances = List.copyOf(oldInstances);
		this.sparePorts = List.copyOf(sparePorts);
	}

	@Override
	public String name() {
		return String.format(Locale.ROOT, "canary of flaky release %s (%.0f %% errors; %d %% share, bake %d s)",
				this.version, this.errorRate * 100, this.percent, this.bake.toSeconds());
	}

	@Override
	public Act act(Stack stack, Timeline timeline) {
		String deployId = "demo-canary-" + this.version + "-" + Instant.now().toEpochMilli();
		Map<String, Optional<String>> before = processes(stack);
		timeline.mark("baton deploy " + this.version + " --canary " + this.percent + "%");
		Stack.CliRun run = stack.deploy(timeline, deployId, this.version, "--strategy", "surge", "--canary",
				this.percent + "%", "--bake", this.bake.toSeconds() + "s");
		Map<String, Optional<String>> after = processes(stack);
		JsonNode baking = timeline.step("BakeStarted");
		JsonNode failed = timeline.step("DeployFailed");
		if (baking.path("canary").isMissingNode() || failed.isMissingNode()) {
			return Act.of(false, "exit " + run.code() + ", expected a canary rolled back; " + run.out().strip() + " "
					+ run.err().strip());
		}
		double share = Json.mapper().treeToValue(baking.path("canary"), CanaryShare.class).effectivePercent() / 100;
		long bakeRequests = Math.round(stack.options().rate() * this.bake.toSeconds());
		long bound = (long) Math.floor(share * this.errorRate * bakeRequests);
		String reason = failed.path("reason").asString();
		List<Integer> stillAnswering = this.sparePorts.stream().filter(stack::answers).toList();
		boolean ok = run.code() == 1 && reason.contains("canary failed") && before.equals(after)
				&& before.values().stream().allMatch(Optional::isPresent) && stillAnswering.isEmpty();
		String note = String.format(Locale.ROOT,
				"exit %d (expected 1); %s; old instances' processes %s; new instances still answering on %s; "
						+ "failed requests allowed: %.1f %% share × %.0f %% errors × %d requests of the bake = %d",
				run.code(), reason,
				before.equals(after) ? "unchanged " + pids(after) : pids(before) + " → " + pids(after), stillAnswering,
				share * 100, this.errorRate * 100, bakeRequests, bound);
		return new Act(ok, note, bound, Duration.ofMillis(failed.path("rollbackMillis").asLong()));
	}

	private Map<String, Optional<String>> processes(Stack stack) {
		return this.oldInstances.stream().collect(Collectors.toMap((instance) -> instance, stack::pid));
	}

	private static String pids(Map<String, Optional<String>> processes) {
		return processes.entrySet()
			.stream()
			.sorted(Map.Entry.comparingByKey())
			.map((entry) -> entry.getKey() + " pid " + entry.getValue().orElse("none"))
			.collect(Collectors.joining(", "));
	}

}
