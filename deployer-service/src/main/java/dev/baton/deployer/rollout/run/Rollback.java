package dev.baton.deployer.rollout.run;

import java.time.Clock;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.Set;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicReference;

import dev.baton.contracts.InstanceId;
import dev.baton.contracts.NodeId;
import dev.baton.contracts.StepId;
import dev.baton.contracts.deploy.DeployFailed;
import dev.baton.contracts.deploy.DeployPhase;
import dev.baton.deployer.rollout.DeployEvents;
import dev.baton.deployer.rollout.plan.DeployPlan;
import dev.baton.deployer.rollout.plan.DeployTarget;
import dev.baton.deployer.rollout.step.GateSteps;
import dev.baton.deployer.rollout.step.RestartSteps;
import dev.baton.deployer.rollout.step.UndoStep;

/**
 * Puts every instance a failed deploy touched back on its previous version, newest first,
 * the way it was rolled out: drain, restart, verify, enable. Nothing here fails the
 * rollback itself, not even an exception: a step that goes wrong is reported
 * ({@link UndoStep}) and the rollback goes on to its {@link DeployFailed}. An instance
 * goes back in rotation only once verified on its previous version; one whose drain was
 * not confirmed, whose rollback could not be verified or whose gate could not be opened
 * again keeps its DEPLOY gate closed and is named in {@link DeployFailed#keptOut()}. An
 * instance whose gate was closed but that was never restarted is simply reopened.
 */
final class Rollback {

	private final GateSteps gates;

	private final RestartSteps restarts;

	private final DeployEvents events;

	private final Clock clock;

	Rollback(GateSteps gates, RestartSteps restarts, DeployEvents events, Clock clock) {
		this.gates = gates;
		this.restarts = restarts;
		this.events = events;
		this.clock = clock;
	}

	/**
	 * Rolls back and publishes {@link DeployFailed}.
	 * @param touched the instances the deploy may have restarted, newest first
	 * @param neverRestarted instances whose gate the deploy closed without restarting
	 * them
	 * @param silent nodes that did not confirm a drain, not waited for to reopen those
	 * @param rolledBack instances already rolled back (by a deployer that stopped);
	 * completed in place
	 */
	void run(DeployPlan plan, String reason, List<DeployTarget> touched, List<DeployTarget> neverRestarted,
			Set<NodeId> silent, List<InstanceId> rolledBack) throws InterruptedException {
		long from = System.nanoTime();
		List<String> problems = new ArrayList<>();
		List<InstanceId> keptOut = new ArrayList<>();
		for (DeployTarget target : neverRestarted) {
			Optional<String> failed = UndoStep
				.attempt(() -> this.gates.reopen(plan, target, DeployPhase.ROLLBACK, silent));
			failed.ifPresent((why) -> keepOut(plan, target, why, problems, keptOut));
		}
		for (DeployTarget target : touched) {
			if (rolledBack.contains(target.instanceId())) {
				continue;
			}
			Optional<String> failed = UndoStep.attempt(() -> {
				this.gates.drain(plan, this.gates.close(plan, target, DeployPhase.ROLLBACK), DeployPhase.ROLLBACK,
						false);
				StepId stepId = this.restarts.restart(plan, target, target.previousVersion(), DeployPhase.ROLLBACK);
				this.restarts.verify(plan, target, stepId, target.previousVersion(), DeployPhase.ROLLBACK);
			});
			if (failed.isPresent()) {
				keepOut(plan, target, failed.get(), problems, keptOut);
				continue;
			}
			rolledBack.add(target.instanceId());
			AtomicReference<GateSteps.Pending> opened = new AtomicReference<>();
			failed = UndoStep.attempt(() -> opened.set(this.gates.open(plan, target, DeployPhase.ROLLBACK)));
			if (failed.isPresent()) {
				keepOut(plan, target, failed.get(), problems, keptOut);
				continue;
			}
			// the gate is open: a node slow to confirm it is a problem, not a reason to
			// keep the instance out
			UndoStep.attempt(() -> this.gates.enable(plan, opened.get(), DeployPhase.ROLLBACK, false))
				.ifPresent((why) -> problems.add("rollback: " + why));
		}
		String fullReason = problems.isEmpty() ? reason : reason + "; " + String.join("; ", problems);
		this.events.step(new DeployFailed(plan.deployId(), plan.service(), plan.version(), fullReason, rolledBack,
				TimeUnit.NANOSECONDS.toMillis(System.nanoTime() - from), this.clock.instant(), keptOut));
	}

	/**
	 * An instance whose gate the rollback could not show open again: out of rotation
	 * until an operator looks, named in {@link DeployFailed#keptOut()}.
	 */
	private void keepOut(DeployPlan plan, DeployTarget target, String why, List<String> problems,
			List<InstanceId> keptOut) {
		problems.add("rollback: " + why + "; " + target.instanceId() + " is kept out of rotation");
		keptOut.add(target.instanceId());
		try {
			this.events.audit(plan.deployId().value(), "rollback.kept-out", why,
					Map.of("instance", target.instanceId().value()));
		}
		catch (RuntimeException ex) {
			// DeployFailed names it too: the audit is the second record, not the only one
			problems.add("not audited: " + ex);
		}
	}

}
