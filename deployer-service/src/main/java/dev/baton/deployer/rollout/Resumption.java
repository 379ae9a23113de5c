package dev.baton.deployer.rollout;

import java.util.List;
import java.util.Map;
import java.util.Set;

import dev.baton.contracts.InstanceId;
import dev.baton.contracts.StepId;

/**
 * Where a deploy stands when its run starts: nowhere for a new deploy; for one found
 * unfinished after a restart, the last confirmed step of each instance, the instances
 * whose gate it closed, the restarts that completed and still await their verdict, and,
 * when it was already rolling back, why.
 *
 * @param stages the last confirmed rollout step per instance
 * @param touchedInstances instances whose DEPLOY gate the deploy closed
 * @param rolledBack instances already rolled back and enabled, newest first
 * @param failure the reason to roll back for, or null to carry on rolling out
 * @param restartSteps per instance restarted (and not restarted again since), the step
 * its verdict will name: a verdict published while no deployer ran still counts
 */
record Resumption(Map<InstanceId, Stage> stages, Set<InstanceId> touchedInstances, List<InstanceId> rolledBack,
		String failure, Map<InstanceId, StepId> restartSteps) {

	Resumption(Map<InstanceId, Stage> stages, Set<InstanceId> touchedInstances, List<InstanceId> rolledBack,
			String failure) {
		this(stages, touchedInstances, rolledBack, failure, Map.of());
	}

	static Resumption fresh() {
		return new Resumption(Map.of(), Set.of(), List.of(), null);
	}

	Stage stageOf(Target target) {
		return this.stages.getOrDefault(target.instanceId(), Stage.PENDING);
	}

	boolean touched(Target target) {
		return this.touchedInstances.contains(target.instanceId()) || stageOf(target) != Stage.PENDING;
	}

}
