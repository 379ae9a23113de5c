package dev.baton.deployer.rollout.run;

import java.util.List;
import java.util.Map;
import java.util.Set;

import dev.baton.contracts.InstanceId;
import dev.baton.contracts.StepId;
import dev.baton.contracts.deploy.DeployCancelling;
import dev.baton.contracts.deploy.DeployPaused;
import dev.baton.deployer.rollout.plan.DeployTarget;
import dev.baton.deployer.rollout.step.Stage;

/**
 * Where a deploy stands when its run starts: nowhere for a new deploy; for one found
 * unfinished after a restart, the last confirmed step of each instance, the instances
 * whose gate it closed, the restarts that completed and still await their verdict, when
 * it was already rolling back, why, whether an operator had paused or cancelled it, and
 * how far its bakes got.
 *
 * @param stages the last confirmed rollout step per instance
 * @param touchedInstances instances whose DEPLOY gate the deploy closed
 * @param rolledBack instances already rolled back and enabled, newest first
 * @param failure the reason to roll back for, or null to carry on rolling out
 * @param restartSteps per instance restarted (and not restarted again since), the step
 * its verdict will name: a verdict published while no deployer ran still counts
 * @param paused the pause on the record that no resume followed, or null
 * @param cancelling the cancel on the record, or null
 * @param baked instances whose batch's bake ended (or whose canary was promoted)
 * @param weights per instance enabled by the rollout, the weight its gate opened at
 */
public record Resumption(Map<InstanceId, Stage> stages, Set<InstanceId> touchedInstances, List<InstanceId> rolledBack,
		String failure, Map<InstanceId, StepId> restartSteps, DeployPaused paused, DeployCancelling cancelling,
		Set<InstanceId> baked, Map<InstanceId, Integer> weights) {

	public Resumption {
		baked = (baked != null) ? Set.copyOf(baked) : Set.of();
		weights = (weights != null) ? Map.copyOf(weights) : Map.of();
	}

	Resumption(Map<InstanceId, Stage> stages, Set<InstanceId> touchedInstances, List<InstanceId> rolledBack,
			String failure, Map<InstanceId, StepId> restartSteps) {
		this(stages, touchedInstances, rolledBack, failure, restartSteps, null, null, Set.of(), Map.of());
	}

	Resumption(Map<InstanceId, Stage> stages, Set<InstanceId> touchedInstances, List<InstanceId> rolledBack,
			String failure) {
		this(stages, touchedInstances, rolledBack, failure, Map.of());
	}

	static Resumption fresh() {
		return new Resumption(Map.of(), Set.of(), List.of(), null);
	}

	/**
	 * The same standing with the stages and closed gates found now.
	 */
	public Resumption with(Map<InstanceId, Stage> foundStages, Set<InstanceId> closed) {
		return new Resumption(foundStages, closed, this.rolledBack, this.failure, this.restartSteps, this.paused,
				this.cancelling, this.baked, this.weights);
	}

	/**
	 * Only what an operator said and how far the bakes got, for a run whose instances'
	 * progress is kept elsewhere (a surge deploy's).
	 */
	Resumption controlsAndBakes() {
		return new Resumption(Map.of(), Set.of(), List.of(), null, Map.of(), this.paused, this.cancelling, this.baked,
				this.weights);
	}

	Stage stageOf(DeployTarget target) {
		return this.stages.getOrDefault(target.instanceId(), Stage.PENDING);
	}

	boolean touched(DeployTarget target) {
		return this.touchedInstances.contains(target.instanceId()) || stageOf(target) != Stage.PENDING;
	}

}
