package dev.baton.health.recovery;

import java.util.HashSet;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Set;

import dev.baton.contracts.InstanceId;
import dev.baton.contracts.StepId;
import dev.baton.contracts.deploy.DeployFailed;
import dev.baton.contracts.deploy.DeployRollingBack;
import dev.baton.contracts.deploy.DeployStep;
import dev.baton.contracts.deploy.DeploySucceeded;
import dev.baton.contracts.deploy.InstanceRestartStarted;
import dev.baton.contracts.deploy.InstanceRestarted;
import dev.baton.contracts.deploy.InstanceVerified;

/**
 * Folds the deploy steps read back at start into the restart steps nobody has settled: a
 * verdict accepted ({@code InstanceVerified}), the deploy over or turned into a rollback,
 * or a newer restart of the same instance each settle a step. A deploy's steps share one
 * partition (keyed by service), so handing them over in partition order is enough. Not
 * thread-safe: one reader feeds it.
 */
public final class OwedRestarts {

	private final Map<StepId, OwedRestart> byStep = new LinkedHashMap<>();

	/** A step published again after it was settled (a resumed deployer) stays settled. */
	private final Set<StepId> settled = new HashSet<>();

	/**
	 * Takes the next step of the history.
	 * @param step the step
	 */
	public void add(DeployStep step) {
		if (step instanceof InstanceRestartStarted started) {
			begin(started);
		}
		else if (step instanceof InstanceRestarted restarted) {
			end(restarted);
		}
		else if (step instanceof InstanceVerified verified) {
			settle(verified.stepId());
		}
		else if (step instanceof DeploySucceeded || step instanceof DeployFailed || step instanceof DeployRollingBack) {
			// nobody waits for the restarts of a deploy that ended or began to roll back
			this.byStep.values()
				.stream()
				.filter((owed) -> owed.deployId().equals(step.deployId()))
				.map(OwedRestart::stepId)
				.toList()
				.forEach(this::settle);
		}
	}

	private void begin(InstanceRestartStarted started) {
		if (!this.settled.contains(started.stepId()) && !this.byStep.containsKey(started.stepId())) {
			supersede(started.instanceId());
			this.byStep.put(started.stepId(), new OwedRestart(started, null));
		}
	}

	private void end(InstanceRestarted restarted) {
		if (this.settled.contains(restarted.stepId())) {
			return;
		}
		OwedRestart begun = this.byStep.get(restarted.stepId());
		if (begun == null) {
			supersede(restarted.instanceId());
		}
		this.byStep.put(restarted.stepId(),
				(begun != null) ? begun.endedBy(restarted) : new OwedRestart(null, restarted));
	}

	/**
	 * The steps still owed, oldest first.
	 * @return the owed restarts
	 */
	public List<OwedRestart> owed() {
		return List.copyOf(this.byStep.values());
	}

	private void supersede(InstanceId instanceId) {
		this.byStep.values()
			.stream()
			.filter((owed) -> owed.instanceId().equals(instanceId))
			.map(OwedRestart::stepId)
			.toList()
			.forEach(this::settle);
	}

	private void settle(StepId stepId) {
		this.byStep.remove(stepId);
		this.settled.add(stepId);
	}

}
