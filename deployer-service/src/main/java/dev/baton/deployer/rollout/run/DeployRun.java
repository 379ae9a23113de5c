package dev.baton.deployer.rollout.run;

import java.time.Clock;
import java.time.Duration;
import java.util.ArrayDeque;
import java.util.ArrayList;
import java.util.Deque;
import java.util.HashMap;
import java.util.HashSet;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.Set;

import dev.baton.contracts.DeployId;
import dev.baton.contracts.InstanceId;
import dev.baton.contracts.NodeId;
import dev.baton.contracts.ServiceName;
import dev.baton.contracts.StepId;
import dev.baton.contracts.deploy.DeployFailed;
import dev.baton.contracts.deploy.DeployPhase;
import dev.baton.contracts.deploy.DeployRollingBack;
import dev.baton.contracts.deploy.DeploySucceeded;
import dev.baton.contracts.deploy.CanaryShare;
import dev.baton.contracts.nginx.SetPeerGate;
import dev.baton.deployer.control.DeployControls;
import dev.baton.deployer.rollout.DeployEvents;
import dev.baton.deployer.rollout.plan.DeployPlan;
import dev.baton.deployer.rollout.plan.DeployTarget;
import dev.baton.deployer.rollout.step.BakeSteps;
import dev.baton.deployer.rollout.step.CapacityWait;
import dev.baton.deployer.rollout.step.DeployFailure;
import dev.baton.deployer.rollout.step.DepartedTargets;
import dev.baton.deployer.rollout.step.DrainUnconfirmed;
import dev.baton.deployer.rollout.step.GateSteps;
import dev.baton.deployer.rollout.step.RestartSteps;
import dev.baton.deployer.rollout.step.Stage;
import dev.baton.deployer.rollout.step.UndoStep;
import dev.baton.deployer.rollout.surge.SurgeRollout;

/**
 * The step machine of one deploy. Batch after batch: close every DEPLOY gate of the batch
 * and wait for the drains, restart each instance, verify each one's version, open the
 * gates and wait until every node serves them again. Any failure rolls back every touched
 * instance, newest first, the same way, and ends in {@link DeployFailed}. Between batches
 * the deploy bakes ({@link BakeSteps}; the first batch of a canary deploy is enabled at
 * the canary's weight and judged), and holds while paused; a cancel takes effect there,
 * or at once during a bake. A rollback is never held. A surge deploy runs its own step
 * machine ({@link SurgeRollout}).
 * <p>
 * Before a batch leaves rotation, its instances that were deregistered or taken offline
 * since the deploy was planned are skipped ({@link DepartedTargets}), and the batch waits
 * until taking it out leaves {@code min-healthy} instances serving
 * ({@link CapacityWait}): counted then, not when the deploy was planned, so a resumed
 * deploy counts again too.
 */
public final class DeployRun {

	private final DeployPlan plan;

	private final GateSteps gates;

	private final RestartSteps restarts;

	private final Rollback rollback;

	private final DeployEvents events;

	private final Clock clock;

	private final Map<InstanceId, Stage> stages = new LinkedHashMap<>();

	private final Deque<DeployTarget> touched = new ArrayDeque<>();

	private final List<InstanceId> rolledBack;

	/** Nodes that did not confirm a drain: not waited for again to reopen a gate. */
	private final Set<NodeId> unconfirmed = new HashSet<>();

	private final String failureToRollBack;

	private final Map<InstanceId, StepId> restartSteps;

	private final BakeSteps bakes;

	private final BakeSteps.Progress baked;

	private final DeployControls controls;

	/** The step machine this deploy runs instead, when it is a surge deploy. */
	private final SurgeRollout surge;

	private final CapacityWait capacity;

	private final DepartedTargets departed;

	DeployRun(DeployPlan plan, Resumption resumption, GateSteps gates, RestartSteps restarts, BakeSteps bakes,
			CapacityWait capacity, DepartedTargets departed, DeployControls controls, DeployEvents events, Clock clock,
			SurgeRollout surge) {
		this.surge = surge;
		this.capacity = capacity;
		this.departed = departed;
		this.plan = plan;
		this.gates = gates;
		this.restarts = restarts;
		this.bakes = bakes;
		this.baked = new BakeSteps.Progress(resumption.baked(), resumption.weights());
		this.controls = controls;
		this.rollback = new Rollback(gates, restarts, events, clock);
		this.events = events;
		this.clock = clock;
		plan.targets().forEach((target) -> this.stages.put(target.instanceId(), resumption.stageOf(target)));
		plan.targets().stream().filter(resumption::touched).forEach(this.touched::push);
		this.rolledBack = new ArrayList<>(resumption.rolledBack());
		this.failureToRollBack = resumption.failure();
		this.restartSteps = new HashMap<>(resumption.restartSteps());
	}

	public DeployId deployId() {
		return this.plan.deployId();
	}

	public ServiceName service() {
		return this.plan.service();
	}

	/**
	 * @return where an operator pauses, resumes and cancels this deploy
	 */
	public DeployControls controls() {
		return this.controls;
	}

	/**
	 * Runs the deploy to its end: {@link DeploySucceeded} or a rollback and
	 * {@link DeployFailed}.
	 * @throws InterruptedException when the deployer stops; what was published lets a
	 * restarted deployer carry on
	 */
	public void run() throws InterruptedException {
		String failure = (this.surge != null) ? this.surge.failureToUndo() : this.failureToRollBack;
		if (failure == null) {
			try {
				if (this.surge != null) {
					this.surge.rollOut();
				}
				else {
					rollOut();
				}
				this.controls.end();
				// the start on record may have been stamped by an earlier deployer on
				// another clock: a duration for people, never below zero
				this.events.step(new DeploySucceeded(this.plan.deployId(), this.plan.service(), this.plan.version(),
						Math.max(0, Duration.between(this.plan.startedAt(), this.clock.instant()).toMillis()),
						this.clock.instant()));
				return;
			}
			catch (DeployFailure ex) {
				failure = ex.reason();
			}
			catch (RuntimeException ex) {
				if (Thread.currentThread().isInterrupted()) {
					throw ex;
				}
				// a deploy never ends without a word, not even on a bug
				failure = "the deployer failed unexpectedly: " + ex;
			}
		}
		this.controls.end();
		failure = this.departed.named(failure);
		if (this.surge != null) {
			this.surge.undo(failure);
		}
		else {
			rollBack(failure);
		}
	}

	private void rollOut() throws DeployFailure, InterruptedException {
		List<List<DeployTarget>> batches = this.plan.batches();
		for (int i = 0; i < batches.size(); i++) {
			boolean canary = i == 0 && this.plan.policy().hasCanary();
			List<DeployTarget> open = stillThere(batches.get(i)).stream()
				.filter((target) -> stage(target) != Stage.ENABLED)
				.toList();
			CanaryShare share = null;
			if (!open.isEmpty()) {
				hold(open.stream().anyMatch(this::underWay));
				this.capacity.awaitRoom(this.plan, stillThere(open));
				// an instance may leave while the batch waited for the others
				open = stillThere(open);
			}
			List<DeployTarget> batch = stillThere(batches.get(i));
			if (batch.isEmpty()) {
				continue;
			}
			if (!open.isEmpty()) {
				share = canary ? this.bakes.share(this.plan, batch) : null;
				rollOut(open, (share != null) ? share.weight() : SetPeerGate.FULL_WEIGHT);
			}
			this.bakes.afterBatch(this.plan, batch, canary, i == batches.size() - 1, share, this.controls, this.baked);
		}
	}

	/**
	 * The instances of a batch, less those that left before it started; one it already
	 * acted on is finished whatever the registry says of it now.
	 */
	private List<DeployTarget> stillThere(List<DeployTarget> batch) {
		return batch.stream().filter((target) -> underWay(target) || !this.departed.left(this.plan, target)).toList();
	}

	/**
	 * Where the deploy holds while paused, before a batch takes anything out of rotation;
	 * a batch already under way (a deployer before this one began it) is finished first.
	 */
	private void hold(boolean underWay) throws DeployFailure, InterruptedException {
		if (!underWay) {
			this.controls.checkpoint();
		}
		if (this.controls.cancelled() != null) {
			throw new DeployFailure("cancelled: " + this.controls.cancelled());
		}
	}

	private void rollOut(List<DeployTarget> batch, int weight) throws DeployFailure, InterruptedException {
		Map<DeployTarget, GateSteps.Pending> closing = new LinkedHashMap<>();
		for (DeployTarget target : batch) {
			if (stage(target) == Stage.PENDING) {
				touch(target);
				closing.put(target, this.gates.close(this.plan, target, DeployPhase.ROLLOUT));
			}
		}
		for (Map.Entry<DeployTarget, GateSteps.Pending> drain : closing.entrySet()) {
			try {
				this.gates.drain(this.plan, drain.getValue(), DeployPhase.ROLLOUT, true);
			}
			catch (DrainUnconfirmed ex) {
				this.unconfirmed.addAll(ex.unconfirmed());
				throw ex;
			}
			this.stages.put(drain.getKey().instanceId(), Stage.DRAINED);
		}
		Map<DeployTarget, StepId> restarted = new LinkedHashMap<>();
		for (DeployTarget target : batch) {
			StepId recorded = this.restartSteps.remove(target.instanceId());
			if (stage(target) == Stage.RESTARTED && recorded != null) {
				restarted.put(target, recorded);
			}
			else if (stage(target) == Stage.DRAINED || stage(target) == Stage.RESTARTED) {
				touch(target);
				restarted.put(target,
						this.restarts.restart(this.plan, target, this.plan.version(), DeployPhase.ROLLOUT));
				this.stages.put(target.instanceId(), Stage.RESTARTED);
			}
		}
		for (Map.Entry<DeployTarget, StepId> restart : restarted.entrySet()) {
			this.restarts.verify(this.plan, restart.getKey(), restart.getValue(), this.plan.version(),
					DeployPhase.ROLLOUT);
			this.stages.put(restart.getKey().instanceId(), Stage.VERIFIED);
		}
		Map<DeployTarget, GateSteps.Pending> opening = new LinkedHashMap<>();
		for (DeployTarget target : batch) {
			if (stage(target) == Stage.VERIFIED) {
				touch(target);
				opening.put(target, this.gates.open(this.plan, target, DeployPhase.ROLLOUT, weight));
			}
		}
		for (Map.Entry<DeployTarget, GateSteps.Pending> enable : opening.entrySet()) {
			this.baked.ramping(this.gates.enable(this.plan, enable.getValue(), DeployPhase.ROLLOUT, true));
			this.stages.put(enable.getKey().instanceId(), Stage.ENABLED);
		}
	}

	private void rollBack(String failure) throws InterruptedException {
		String reason = failure;
		if (this.failureToRollBack == null) {
			Optional<String> unpublished = UndoStep
				.attempt(() -> this.events.step(new DeployRollingBack(this.plan.deployId(), this.plan.service(),
						this.plan.version(), failure, this.clock.instant())));
			reason = unpublished.map((why) -> failure + "; DeployRollingBack not published: " + why).orElse(failure);
		}
		List<DeployTarget> restartable = this.touched.stream()
			.filter((target) -> stage(target) != Stage.PENDING)
			.toList();
		List<DeployTarget> neverRestarted = this.touched.stream()
			.filter((target) -> stage(target) == Stage.PENDING)
			.toList();
		this.rollback.run(this.plan, reason, restartable, neverRestarted, this.unconfirmed, this.rolledBack);
	}

	private boolean underWay(DeployTarget target) {
		return stage(target) != Stage.PENDING || this.touched.contains(target);
	}

	private void touch(DeployTarget target) {
		if (!this.touched.contains(target)) {
			this.touched.push(target);
		}
	}

	private Stage stage(DeployTarget target) {
		return this.stages.get(target.instanceId());
	}

}
