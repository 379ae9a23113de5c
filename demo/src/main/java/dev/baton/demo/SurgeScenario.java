package dev.baton.demo;

import java.time.Duration;
import java.time.Instant;
import java.util.ArrayList;
import java.util.HashSet;
import java.util.List;
import java.util.Set;

import tools.jackson.databind.JsonNode;

/**
 * {@code baton deploy SERVICE VERSION --strategy surge --wait}: the new version starts on
 * the spare ports beside the serving instances. nginx's peer state is sampled every 50 ms
 * throughout, and the scenario fails if fewer peers were up at any sample than before the
 * deploy. A good release must drain every old instance (confirmed by the nodes) before it
 * replaces and stops it, and is timed against the rolling deploy of the same run (target:
 * at most 0.6 times as long); a broken one must end with the old instances serving and no
 * new one running.
 */
final class SurgeScenario implements Scenario {

	private static final double TARGET_RATIO = 0.6;

	private final String name;

	private final String version;

	private final int expectedExitCode;

	private final RollingBaseline baseline;

	private final List<Integer> sparePorts;

	SurgeScenario(String name, String version, int expectedExitCode, RollingBaseline baseline,
			List<Integer> sparePorts) {
		this.name = name;
		this.version = version;
		this.expectedExitCode = expectedExitCode;
		this.baseline = baseline;
		this.sparePorts = List.copyOf(sparePorts);
	}

	@Override
	public String name() {
		return this.name;
	}

	@Override
	public Act act(Stack stack, Timeline timeline) {
		String deployId = "demo-surge-" + this.version + "-" + Instant.now().toEpochMilli();
		int before = stack.peersUp();
		Instant requested = Instant.now();
		Stack.CliRun run;
		int least;
		try (PeerSampler sampler = new PeerSampler(stack, timeline::mark)) {
			timeline.mark("baton deploy " + this.version + " --strategy surge (" + before + " up)");
			run = stack.deploy(timeline, deployId, this.version, "--strategy", "surge");
			least = sampler.least();
		}
		String capacity = "up in nginx never below " + least + " (before: " + before + ", sampled every "
				+ PeerSampler.INTERVAL.toMillis() + " ms)";
		boolean ok = run.code() == this.expectedExitCode && least >= before;
		String outcome = "exit " + run.code() + " (expected " + this.expectedExitCode + "); " + capacity;
		JsonNode failed = timeline.step("DeployFailed");
		if (!failed.isMissingNode()) {
			List<Integer> stillRunning = this.sparePorts.stream().filter(stack::answers).toList();
			return Act.of(ok && stillRunning.isEmpty() && stack.peersUp() == before,
					outcome + "; " + failed.path("reason").asString() + "; new instances still answering on "
							+ stillRunning + ", " + stack.peersUp() + " up after");
		}
		JsonNode succeeded = timeline.step("DeploySucceeded");
		if (succeeded.isMissingNode()) {
			return Act.of(false, outcome + "; " + run.out().strip() + " " + run.err().strip());
		}
		List<String> undrained = replacedUndrained(timeline.steps());
		if (!undrained.isEmpty()) {
			return Act.of(false, outcome + "; replaced without a drain every node confirmed: " + undrained);
		}
		Duration took = DeployTime.fromRequest(requested, succeeded);
		return Act.of(ok, outcome + "; old instances drained by every node before they were stopped; "
				+ this.baseline.compare(took, DeployTime.startups(stack, timeline.rolloutRestarts()), TARGET_RATIO));
	}

	/**
	 * Old instances the deploy replaced (and so stopped) with no drain on the record
	 * before, confirmed by at least one node: the deployer stops an old instance only
	 * after {@code InstanceReplaced}.
	 */
	private static List<String> replacedUndrained(List<JsonNode> steps) {
		Set<String> drained = new HashSet<>();
		List<String> undrained = new ArrayList<>();
		for (JsonNode step : steps) {
			String type = step.path("type").asString();
			String instance = step.path("instanceId").asString();
			if ("InstanceDrained".equals(type) && "ROLLOUT".equals(step.path("phase").asString())
					&& !step.path("nodes").isEmpty()) {
				drained.add(instance);
			}
			else if ("InstanceReplaced".equals(type) && !drained.contains(instance)) {
				undrained.add(instance);
			}
		}
		return undrained;
	}

}
