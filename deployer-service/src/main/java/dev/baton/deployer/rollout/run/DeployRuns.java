package dev.baton.deployer.rollout.run;

import java.time.Clock;

import dev.baton.contracts.deploy.DeployStrategy;
import dev.baton.deployer.control.DeployControls;
import dev.baton.deployer.fleet.KnownInstances;
import dev.baton.deployer.fleet.NginxNodes;
import dev.baton.deployer.fleet.ServingInstances;
import dev.baton.deployer.rollout.DeployEvents;
import dev.baton.deployer.rollout.InstanceRuntime;
import dev.baton.deployer.rollout.answer.AnswerBoard;
import dev.baton.deployer.rollout.answer.InstanceArrivals;
import dev.baton.deployer.rollout.plan.DeployPlan;
import dev.baton.deployer.rollout.step.BakeSteps;
import dev.baton.deployer.rollout.step.CapacityWait;
import dev.baton.deployer.rollout.step.DepartedTargets;
import dev.baton.deployer.rollout.step.GateSteps;
import dev.baton.deployer.rollout.step.RestartSteps;
import dev.baton.deployer.rollout.surge.SurgeProgress;
import dev.baton.deployer.rollout.surge.SurgeRollout;

/**
 * Builds the step machines of deploys with the collaborators they share.
 */
public final class DeployRuns {

	private final AnswerBoard board;

	private final GateSteps gates;

	private final RestartSteps restarts;

	private final BakeSteps bakes;

	private final CapacityWait capacity;

	private final InstanceRuntime runtime;

	private final InstanceArrivals arrivals;

	private final KnownInstances fleet;

	private final DeployEvents events;

	private final Clock clock;

	public DeployRuns(AnswerBoard board, NginxNodes nodes, InstanceRuntime runtime, InstanceArrivals arrivals,
			KnownInstances fleet, ServingInstances serving, DeployEvents events, Clock clock) {
		this.board = board;
		this.gates = new GateSteps(board, nodes, events, clock);
		this.restarts = new RestartSteps(board, runtime, events, clock);
		this.bakes = new BakeSteps(this.gates, board.stats(), fleet, events, clock);
		this.capacity = new CapacityWait(serving, events);
		this.runtime = runtime;
		this.arrivals = arrivals;
		this.fleet = fleet;
		this.events = events;
		this.clock = clock;
	}

	DeployRun fresh(DeployPlan plan) {
		return resumed(plan, Resumption.fresh(), SurgeProgress.fresh());
	}

	DeployRun resumed(DeployPlan plan, Resumption resumption) {
		return resumed(plan, resumption, SurgeProgress.fresh());
	}

	/**
	 * The step machine of a deploy found unfinished. The verdicts its restarts still
	 * await are expected from now on, before any reader of verdicts starts: one may have
	 * been published while no deployer ran. A pause or a cancel on the record is in force
	 * again.
	 */
	public DeployRun resumed(DeployPlan plan, Resumption resumption, SurgeProgress progress) {
		DeployControls controls = new DeployControls(plan.deployId(), plan.service(), plan.version(), this.events::step,
				this.clock, resumption.paused(), resumption.cancelling());
		DepartedTargets departed = new DepartedTargets(this.fleet, this.events);
		if (plan.strategy() == DeployStrategy.SURGE) {
			progress.restartSteps().values().forEach(this.board::expectVerdict);
			Resumption standing = resumption.controlsAndBakes();
			return new DeployRun(plan, standing, this.gates, this.restarts, this.bakes, this.capacity, departed,
					controls, this.events, this.clock,
					new SurgeRollout(plan, progress, this.gates, this.restarts, this.bakes,
							new BakeSteps.Progress(standing.baked(), standing.weights()), controls, this.capacity,
							departed, this.runtime, this.arrivals, this.fleet, this.events, this.clock));
		}
		resumption.restartSteps().values().forEach(this.board::expectVerdict);
		return new DeployRun(plan, resumption, this.gates, this.restarts, this.bakes, this.capacity, departed, controls,
				this.events, this.clock, null);
	}

}
