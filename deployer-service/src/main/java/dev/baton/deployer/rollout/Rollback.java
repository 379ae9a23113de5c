package dev.baton.deployer.rollout;

import java.time.Clock;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;

import dev.baton.contracts.InstanceId;
import dev.baton.contracts.StepId;
import dev.baton.contracts.deploy.DeployFailed;
import dev.baton.contracts.deploy.DeployPhase;

/**
 * Puts every instance a failed deploy touched back on its previous version, newest first,
 * the way it was rolled out: drain, restart, verify, enable. Nothing here fails the
 * rollback itself: a step that goes wrong is reported, and the DEPLOY gate is opened
 * whatever happened, so no gate is ever left closed.
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
	 * @param touched the instances whose gate the deploy closed, newest first
	 * @param rolledBack instances already rolled back (by a deployer that stopped);
	 * completed in place
	 */
	void run(DeployPlan plan, String reason, List<Target> touched, List<InstanceId> rolledBack)
			throws InterruptedException {
		long from = this.clock.millis();
		List<String> problems = new ArrayList<>();
		for (Target target : touched) {
			if (rolledBack.contains(target.instanceId())) {
				continue;
			}
			try {
				this.gates.drain(plan, this.gates.close(plan, target, DeployPhase.ROLLBACK), DeployPhase.ROLLBACK,
						false);
				StepId stepId = this.restarts.restart(plan, target, target.previousVersion(), DeployPhase.ROLLBACK);
				this.restarts.verify(plan, target, stepId, target.previousVersion(), DeployPhase.ROLLBACK);
			}
			catch (DeployFailure ex) {
				problems.add("rollback: " + ex.reason());
				this.events.audit(plan.deployId().value(), "rollback.unverified", ex.reason(),
						Map.of("instance", target.instanceId().value()));
			}
			reopen(plan, target, problems);
			rolledBack.add(target.instanceId());
		}
		String fullReason = problems.isEmpty() ? reason : reason + "; " + String.join("; ", problems);
		this.events.step(new DeployFailed(plan.deployId(), plan.service(), plan.version(), fullReason, rolledBack,
				this.clock.millis() - from, this.clock.instant()));
	}

	private void reopen(DeployPlan plan, Target target, List<String> problems) throws InterruptedException {
		try {
			this.gates.enable(plan, this.gates.open(plan, target, DeployPhase.ROLLBACK), DeployPhase.ROLLBACK, false);
		}
		catch (DeployFailure ex) {
			problems.add("rollback: " + ex.reason());
		}
	}

}
