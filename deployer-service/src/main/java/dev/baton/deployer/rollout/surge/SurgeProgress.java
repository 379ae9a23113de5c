package dev.baton.deployer.rollout.surge;

import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

import dev.baton.contracts.InstanceId;
import dev.baton.contracts.StepId;
import dev.baton.contracts.deploy.InstanceLaunched;
import dev.baton.deployer.rollout.step.Stage;

/**
 * How far a surge deploy got, as {@code deploy.steps} tells it to a restarted deployer.
 *
 * @param launched the new instances it may have started, one per old instance (the latest
 * launch of each), oldest first
 * @param replaced the old instances whose replacement is finished, each with the new
 * instance that replaced it
 * @param stages the last confirmed step of each instance, new or old
 * @param restartSteps per new instance whose start is on the record as a restart that
 * ended, the step its verdict will name
 * @param failure why the deploy was already removing what it started, or null while it
 * was rolling out
 */
public record SurgeProgress(List<InstanceLaunched> launched, Map<InstanceId, InstanceId> replaced,
		Map<InstanceId, Stage> stages, Map<InstanceId, StepId> restartSteps, String failure) {

	public SurgeProgress {
		Map<InstanceId, InstanceLaunched> latest = new LinkedHashMap<>();
		launched.forEach((launch) -> {
			latest.remove(launch.replaces());
			latest.put(launch.replaces(), launch);
		});
		launched = List.copyOf(latest.values());
		replaced = Map.copyOf(replaced);
		stages = Map.copyOf(stages);
		restartSteps = Map.copyOf(restartSteps);
	}

	public static SurgeProgress fresh() {
		return new SurgeProgress(List.of(), Map.of(), Map.of(), Map.of(), null);
	}

	Stage stageOf(InstanceId instance) {
		return this.stages.getOrDefault(instance, Stage.PENDING);
	}

}
