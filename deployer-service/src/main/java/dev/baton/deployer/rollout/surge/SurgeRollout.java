package dev.baton.deployer.rollout.surge;

import java.time.Clock;
import java.util.ArrayList;
import java.util.Collections;
import java.util.HashSet;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.Set;
import java.util.concurrent.TimeUnit;

import dev.baton.contracts.Endpoint;
import dev.baton.contracts.InstanceId;
import dev.baton.contracts.NodeId;
import dev.baton.contracts.deploy.CanaryShare;
import dev.baton.contracts.deploy.DeployFailed;
import dev.baton.contracts.deploy.DeployPhase;
import dev.baton.contracts.deploy.DeployRollingBack;
import dev.baton.contracts.deploy.InstanceLaunched;
import dev.baton.contracts.deploy.InstanceReplaced;
import dev.baton.contracts.nginx.SetPeerGate;
import dev.baton.contracts.registry.InstanceSnapshot;
import dev.baton.deployer.control.DeployControls;
import dev.baton.deployer.fleet.KnownInstances;
import dev.baton.deployer.rollout.DeployEvents;
import dev.baton.deployer.rollout.InstanceRuntime;
import dev.baton.deployer.rollout.RestartResult;
import dev.baton.deployer.rollout.answer.InstanceArrivals;
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

/**
 * The step machine of a surge deploy. Batch after batch, each old instance gets a new one
 * beside it, on a spare port of its host: started by the runtime, registered by itself,
 * verified on the requested version as a restart is, approved by this deploy, put in
 * rotation and confirmed up by every nginx node. Only then is each old instance drained
 * (confirmed by every node), stopped and deregistered, so the instances in rotation never
 * number fewer than before the deploy. The new instances bake beside the old ones before
 * those are drained; the first batch of a canary deploy is enabled at the canary's weight
 * and judged against the old instances over its bake. The deploy holds while paused
 * before each batch and before it drains the old instances, and before it drains them
 * waits until that leaves {@code min-healthy} instances serving ({@link CapacityWait}).
 * An old instance deregistered or taken offline before its batch starts is skipped
 * ({@link DepartedTargets}).
 * <p>
 * A failure removes the new instance of every unfinished replacement (drained first once
 * it may have had traffic), reopens the gate of any old instance it closed and ends in
 * {@link DeployFailed}: no old instance was restarted. A replacement whose old instance
 * is drained is finished ({@link InstanceReplaced}) whatever happens next.
 * <p>
 * A deployer restarted during a surge deploy carries it on from each replacement's last
 * confirmed step: a new instance that registered goes on to its verification (its verdict
 * may have come while no deployer ran), approval and routing; one that had not registered
 * yet is stopped and started again, since nothing tells whether its start ever ran; the
 * old instance is drained again before it is stopped. One found removing what it started
 * goes on removing it.
 */
public final class SurgeRollout {

	private final DeployPlan plan;

	private final GateSteps gates;

	private final RestartSteps restarts;

	private final InstanceRuntime runtime;

	private final SurgeArrivals arrivals;

	private final SurgeRetirement retirement;

	private final KnownInstances fleet;

	private final DeployEvents events;

	private final Clock clock;

	/** Replacements begun and not finished, oldest first. */
	private final List<SurgeReplacement> unfinished = new ArrayList<>();

	/** Old instances whose replacement a deployer before this one finished. */
	private final Set<InstanceId> replacedBefore;

	/** Nodes that did not confirm a drain: not waited for again to reopen a gate. */
	private final Set<NodeId> unconfirmed = new HashSet<>();

	private final String failureToUndo;

	private final BakeSteps bakes;

	private final BakeSteps.Progress baked;

	private final DeployControls controls;

	private final CapacityWait capacity;

	private final DepartedTargets departed;

	public SurgeRollout(DeployPlan plan, SurgeProgress progress, GateSteps gates, RestartSteps restarts,
			BakeSteps bakes, BakeSteps.Progress baked, DeployControls controls, CapacityWait capacity,
			DepartedTargets departed, InstanceRuntime runtime, InstanceArrivals arrivals, KnownInstances fleet,
			DeployEvents events, Clock clock) {
		this.plan = plan;
		this.capacity = capacity;
		this.departed = departed;
		this.bakes = bakes;
		this.baked = baked;
		this.controls = controls;
		this.gates = gates;
		this.restarts = restarts;
		this.runtime = runtime;
		this.arrivals = new SurgeArrivals(plan, arrivals, events, clock);
		this.retirement = new SurgeRetirement(plan, runtime, events, clock);
		this.fleet = fleet;
		this.events = events;
		this.clock = clock;
		this.replacedBefore = progress.replaced().keySet();
		Map<InstanceId, DeployTarget> olds = new LinkedHashMap<>();
		plan.targets().forEach((target) -> olds.put(target.instanceId(), target));
		for (InstanceLaunched launched : progress.launched()) {
			DeployTarget old = olds.get(launched.replaces());
			if (old != null) {
				SurgeReplacement replacement = resumed(old, launched, progress);
				InstanceId replacedBy = progress.replaced().get(old.instanceId());
				if (replacedBy != null) {
					replacement.registeredAs(replacedBy);
					this.retirement.add(replacement);
				}
				else {
					this.unfinished.add(replacement);
				}
			}
		}
		this.failureToUndo = progress.failure();
	}

	/**
	 * A replacement a deployer before this one began, as the record and the fleet show
	 * it; what may have happened since its last confirmed step counts as happened.
	 */
	private SurgeReplacement resumed(DeployTarget old, InstanceLaunched launched, SurgeProgress progress) {
		SurgeReplacement replacement = new SurgeReplacement(old, spare(launched.endpoint()), this.plan.version());
		replacement.resumed = true;
		replacement.started = true;
		replacement.oldClosed = true;
		registeredAt(launched.endpoint()).ifPresent((snapshot) -> {
			replacement.registeredAs(snapshot.instanceId());
			replacement.routed = true;
			replacement.stage = progress.stageOf(snapshot.instanceId());
			replacement.stepId = progress.restartSteps().get(snapshot.instanceId());
		});
		return replacement;
	}

	/**
	 * Why a resumed deploy goes on removing what it started, or null for one that rolls
	 * out.
	 */
	public String failureToUndo() {
		return this.failureToUndo;
	}

	/**
	 * Finishes the replacements on the record, then replaces every batch; a cancel takes
	 * effect between batches, and while the new instances bake.
	 */
	public void rollOut() throws DeployFailure, InterruptedException {
		this.retirement.retire();
		List<List<DeployTarget>> batches = this.plan.batches();
		for (int i = 0; i < batches.size(); i++) {
			List<DeployTarget> left = batches.get(i).stream().filter(this::stillToReplace).toList();
			if (left.isEmpty()) {
				continue;
			}
			hold(left.stream().anyMatch(this::begun));
			replace(left, i == 0 && this.plan.policy().hasCanary(), i == batches.size() - 1);
		}
	}

	/**
	 * Where the deploy holds while paused, before it starts a batch or drains old
	 * instances; a batch a deployer before this one began is carried on to that point.
	 */
	private void hold(boolean begun) throws DeployFailure, InterruptedException {
		if (!begun) {
			this.controls.checkpoint();
		}
		if (this.controls.cancelled() != null) {
			throw new DeployFailure("cancelled: " + this.controls.cancelled());
		}
	}

	private boolean begun(DeployTarget old) {
		return this.unfinished.stream().anyMatch((replacement) -> replacement.old().equals(old));
	}

	private boolean stillToReplace(DeployTarget old) {
		return !this.replacedBefore.contains(old.instanceId()) && !this.departed.left(this.plan, old);
	}

	private void replace(List<DeployTarget> batch, boolean canary, boolean last)
			throws DeployFailure, InterruptedException {
		List<SurgeReplacement> replacements = replacementsFor(batch);
		for (SurgeReplacement replacement : replacements) {
			if (replacement.registered() == null) {
				launch(replacement);
			}
		}
		for (SurgeReplacement replacement : replacements) {
			if (replacement.registered() == null) {
				replacement.registeredAs(this.arrivals.awaitRegistration(replacement).instanceId());
			}
			if (replacement.stepId == null && replacement.stage.compareTo(Stage.VERIFIED) < 0) {
				replacement.stepId = this.restarts.started(this.plan, replacement.fresh(), this.plan.version(),
						resultOf(replacement));
			}
		}
		for (SurgeReplacement replacement : replacements) {
			if (replacement.stage.compareTo(Stage.VERIFIED) < 0) {
				this.restarts.verify(this.plan, replacement.fresh(), replacement.stepId, this.plan.version(),
						DeployPhase.ROLLOUT);
			}
		}
		for (SurgeReplacement replacement : replacements) {
			replacement.routed = true;
			this.arrivals.approve(replacement);
		}
		List<DeployTarget> fresh = replacements.stream().map(SurgeReplacement::fresh).toList();
		CanaryShare share = null;
		Map<SurgeReplacement, GateSteps.Pending> opening = new LinkedHashMap<>();
		for (SurgeReplacement replacement : replacements) {
			if (replacement.stage != Stage.ENABLED) {
				share = (canary && share == null) ? this.bakes.share(this.plan, fresh) : share;
				opening.put(replacement, this.gates.open(this.plan, replacement.fresh(), DeployPhase.ROLLOUT,
						(share != null) ? share.weight() : SetPeerGate.FULL_WEIGHT));
			}
		}
		for (GateSteps.Pending pending : opening.values()) {
			this.baked.ramping(this.gates.enable(this.plan, pending, DeployPhase.ROLLOUT, true));
		}
		this.bakes.afterBatch(this.plan, fresh, canary, last, share, this.controls, this.baked);
		hold(false);
		this.capacity.awaitRoom(this.plan, replacements.stream().map(SurgeReplacement::old).toList());
		Map<SurgeReplacement, GateSteps.Pending> closing = new LinkedHashMap<>();
		for (SurgeReplacement replacement : replacements) {
			replacement.oldClosed = true;
			closing.put(replacement, this.gates.close(this.plan, replacement.old(), DeployPhase.ROLLOUT));
		}
		for (GateSteps.Pending pending : closing.values()) {
			try {
				this.gates.drain(this.plan, pending, DeployPhase.ROLLOUT, true);
			}
			catch (DrainUnconfirmed ex) {
				this.unconfirmed.addAll(ex.unconfirmed());
				throw ex;
			}
		}
		for (SurgeReplacement replacement : replacements) {
			this.events.step(new InstanceReplaced(this.plan.deployId(), this.plan.service(),
					replacement.old().instanceId(), replacement.registered(), this.clock.instant()));
			this.unfinished.remove(replacement);
			this.retirement.add(replacement);
		}
		this.retirement.retire();
	}

	/**
	 * The batch's replacements: those a deployer before this one began, and a new one on
	 * a free spare port for every other old instance.
	 */
	private List<SurgeReplacement> replacementsFor(List<DeployTarget> batch) throws DeployFailure {
		Set<Endpoint> taken = new HashSet<>();
		this.unfinished.forEach((replacement) -> taken.add(replacement.spare().endpoint()));
		List<SurgeReplacement> replacements = new ArrayList<>();
		for (DeployTarget old : batch) {
			Optional<SurgeReplacement> begun = this.unfinished.stream()
				.filter((replacement) -> replacement.old().equals(old))
				.findFirst();
			if (begun.isPresent()) {
				replacements.add(begun.get());
				continue;
			}
			Endpoint spare = spareFor(old, taken);
			taken.add(spare);
			replacements.add(new SurgeReplacement(old, spare(spare), this.plan.version()));
		}
		return replacements;
	}

	/**
	 * Starts a new instance. One a deployer before this one launched and that never
	 * registered may be starting, or may never have been started: it is stopped first.
	 */
	private void launch(SurgeReplacement replacement) throws DeployFailure, InterruptedException {
		Endpoint endpoint = replacement.spare().endpoint();
		if (replacement.resumed) {
			RestartResult stopped = this.runtime.stop(this.plan.service(), replacement.spare());
			if (!stopped.succeeded()) {
				throw new DeployFailure("the new instance on " + endpoint + " a restarted deployer found unregistered"
						+ " could not be stopped to start it again (exit code " + stopped.exitCode() + ": "
						+ stopped.stderr().strip() + ")");
			}
		}
		if (!this.unfinished.contains(replacement)) {
			this.unfinished.add(replacement);
		}
		this.events.step(new InstanceLaunched(this.plan.deployId(), this.plan.service(), replacement.old().instanceId(),
				endpoint.host(), endpoint.port(), this.plan.version(), this.clock.instant()));
		replacement.started = true;
		RestartResult result = this.runtime.start(this.plan.service(), replacement.spare(), this.plan.version());
		if (!result.succeeded()) {
			throw new DeployFailure("start of a new instance on " + endpoint + " to replace "
					+ replacement.old().instanceId() + " failed with exit code " + result.exitCode()
					+ (result.stderr().isBlank() ? "" : ": " + result.stderr().strip()));
		}
		replacement.result = result;
	}

	/** The start's result; for one a deployer before this one ran, a watch on it now. */
	private RestartResult resultOf(SurgeReplacement replacement) throws InterruptedException {
		return (replacement.result != null) ? replacement.result
				: new RestartResult(0, "", this.runtime.watch(this.plan.service(), replacement.fresh()));
	}

	/**
	 * Finishes what is on the record as replaced, removes every unfinished replacement's
	 * new instance, reopens old gates and publishes {@link DeployFailed}.
	 */
	public void undo(String failure) throws InterruptedException {
		long from = System.nanoTime();
		List<String> problems = new ArrayList<>();
		if (this.failureToUndo == null) {
			UndoStep
				.attempt(() -> this.events.step(new DeployRollingBack(this.plan.deployId(), this.plan.service(),
						this.plan.version(), failure, this.clock.instant())))
				.ifPresent((why) -> problems.add("DeployRollingBack not published: " + why));
		}
		UndoStep.attempt(this.retirement::retire).ifPresent(problems::add);
		List<InstanceId> keptOut = new ArrayList<>();
		List<SurgeReplacement> newestFirst = new ArrayList<>(this.unfinished);
		Collections.reverse(newestFirst);
		// the old instance back in rotation before its replacement leaves it
		for (SurgeReplacement replacement : newestFirst) {
			if (replacement.oldClosed) {
				UndoStep.attempt(
						() -> this.gates.reopen(this.plan, replacement.old(), DeployPhase.ROLLBACK, this.unconfirmed))
					.ifPresent((why) -> {
						problems.add("rollback: " + why + "; " + replacement.old().instanceId()
								+ " is kept out of rotation");
						keptOut.add(replacement.old().instanceId());
					});
			}
			remove(replacement, problems, keptOut);
		}
		String reason = problems.isEmpty() ? failure : failure + "; " + String.join("; ", problems);
		this.events.step(new DeployFailed(this.plan.deployId(), this.plan.service(), this.plan.version(), reason,
				List.of(), TimeUnit.NANOSECONDS.toMillis(System.nanoTime() - from), this.clock.instant(), keptOut));
	}

	/**
	 * Takes a new instance away: drained by every node first if it may have had traffic
	 * (one a node did not confirm drained keeps running out of rotation and is named),
	 * then stopped and deregistered.
	 */
	private void remove(SurgeReplacement replacement, List<String> problems, List<InstanceId> keptOut)
			throws InterruptedException {
		DeployTarget fresh = replacement.fresh();
		if (replacement.routed) {
			Optional<String> undrained = UndoStep.attempt(() -> this.gates.drain(this.plan,
					this.gates.close(this.plan, fresh, DeployPhase.ROLLBACK), DeployPhase.ROLLBACK, false));
			if (undrained.isPresent()) {
				problems
					.add("removal: " + undrained.get() + "; " + fresh.instanceId() + " keeps running out of rotation");
				keptOut.add(fresh.instanceId());
				return;
			}
		}
		if (replacement.started) {
			UndoStep.attempt(() -> {
				RestartResult stopped = this.runtime.stop(this.plan.service(), fresh);
				if (!stopped.succeeded()) {
					throw new DeployFailure("the runtime could not stop the new instance on " + fresh.endpoint()
							+ " (exit code " + stopped.exitCode() + ": " + stopped.stderr().strip() + ")");
				}
			}).ifPresent((why) -> problems.add("removal: " + why));
		}
		// A new instance that registers itself may have done so just before it died, its
		// record not read here yet: deregistered all the same (an unknown instance's
		// deregistration changes nothing), or its peer would stay in every set, down.
		if (replacement.registered() != null || replacement.started) {
			UndoStep
				.attempt(() -> this.retirement.deregister(fresh,
						"removed: surge deploy " + this.plan.deployId() + " failed"))
				.ifPresent((why) -> problems.add("removal: " + why));
		}
	}

	/**
	 * The first spare port on the old instance's host that no instance registered there
	 * uses and this batch has not taken.
	 */
	private Endpoint spareFor(DeployTarget old, Set<Endpoint> taken) throws DeployFailure {
		Set<Endpoint> used = new HashSet<>(taken);
		this.fleet.all()
			.stream()
			.filter((snapshot) -> !snapshot.deregistered())
			.forEach((snapshot) -> used.add(snapshot.endpoint()));
		for (int port : this.plan.policy().sparePorts()) {
			Endpoint endpoint = new Endpoint(old.endpoint().host(), port);
			if (!used.contains(endpoint)) {
				return endpoint;
			}
		}
		throw new DeployFailure("no spare port is free on " + old.endpoint().host() + " to replace " + old.instanceId()
				+ ": " + this.plan.policy().sparePorts() + " are all in use");
	}

	/** A new instance before it registered: named as the runtime knows it. */
	private DeployTarget spare(Endpoint endpoint) {
		return new DeployTarget(InstanceId.of(this.plan.service().value() + "-" + endpoint.port()), endpoint,
				this.plan.version());
	}

	private Optional<InstanceSnapshot> registeredAt(Endpoint endpoint) {
		return this.fleet.all().stream().filter((snapshot) -> this.arrivals.isAt(snapshot, endpoint)).findFirst();
	}

}
