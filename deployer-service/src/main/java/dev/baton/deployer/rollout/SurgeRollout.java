package dev.baton.deployer.rollout;

import java.time.Clock;
import java.time.Duration;
import java.util.ArrayList;
import java.util.Collections;
import java.util.HashSet;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.ExecutionException;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.Future;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.TimeoutException;
import java.util.function.Predicate;

import dev.baton.contracts.Endpoint;
import dev.baton.contracts.InstanceId;
import dev.baton.contracts.NodeId;
import dev.baton.contracts.StepId;
import dev.baton.contracts.deploy.DeployFailed;
import dev.baton.contracts.deploy.DeployPhase;
import dev.baton.contracts.deploy.DeployRollingBack;
import dev.baton.contracts.deploy.InstanceLaunched;
import dev.baton.contracts.deploy.InstanceReplaced;
import dev.baton.contracts.registration.InstanceDeregistered;
import dev.baton.contracts.registration.OperateInstance;
import dev.baton.contracts.registration.OperatorAction;
import dev.baton.contracts.registry.InstanceSnapshot;
import dev.baton.contracts.registry.Lifecycle;
import dev.baton.deployer.fleet.Fleet;

/**
 * The step machine of a surge deploy. Batch after batch, each old instance gets a new one
 * beside it, on a spare port of its host: started by the runtime, registered by itself,
 * verified on the requested version as a restart is, approved by this deploy, put in
 * rotation and confirmed up by every nginx node. Only then is each old instance drained
 * (confirmed by every node), stopped and deregistered, so the instances in rotation never
 * number fewer than before the deploy.
 * <p>
 * A failure removes the new instance of every unfinished replacement (drained first once
 * it may have had traffic), reopens the gate of any old instance it closed and ends in
 * {@link DeployFailed}: no old instance was restarted. A replacement whose old instance
 * is drained is finished ({@link InstanceReplaced}) whatever happens next. A deployer
 * restarted during a surge deploy finishes those and removes the rest.
 */
final class SurgeRollout {

	private final DeployPlan plan;

	private final GateSteps gates;

	private final RestartSteps restarts;

	private final InstanceRuntime runtime;

	private final InstanceArrivals arrivals;

	private final Fleet fleet;

	private final DeployEvents events;

	private final Clock clock;

	/** Replacements begun and not finished, oldest first. */
	private final List<Replacement> unfinished = new ArrayList<>();

	/** Replacements on the record whose old instance may still run or be registered. */
	private final List<Replacement> toRetire = new ArrayList<>();

	/** Nodes that did not confirm a drain: not waited for again to reopen a gate. */
	private final Set<NodeId> unconfirmed = new HashSet<>();

	private final String failureToUndo;

	private volatile String cancelled;

	SurgeRollout(DeployPlan plan, SurgeProgress progress, GateSteps gates, RestartSteps restarts,
			InstanceRuntime runtime, InstanceArrivals arrivals, Fleet fleet, DeployEvents events, Clock clock) {
		this.plan = plan;
		this.gates = gates;
		this.restarts = restarts;
		this.runtime = runtime;
		this.arrivals = arrivals;
		this.fleet = fleet;
		this.events = events;
		this.clock = clock;
		Map<InstanceId, Target> olds = new LinkedHashMap<>();
		plan.targets().forEach((target) -> olds.put(target.instanceId(), target));
		for (InstanceLaunched launched : progress.launched()) {
			Target old = olds.get(launched.replaces());
			if (old == null) {
				continue;
			}
			Replacement replacement = new Replacement(old, spare(launched.endpoint()));
			replacement.started = true;
			replacement.routed = true;
			replacement.oldClosed = true;
			this.fleet.all()
				.stream()
				.filter((snapshot) -> isAt(snapshot, launched.endpoint()))
				.findFirst()
				.ifPresent((snapshot) -> replacement.registered = snapshot.instanceId());
			(progress.replaced().contains(old.instanceId()) ? this.toRetire : this.unfinished).add(replacement);
		}
		this.failureToUndo = progress.resumed()
				? "the deployer restarted during this surge deploy; its unfinished replacements are removed" : null;
	}

	void cancel(String reason) {
		this.cancelled = reason;
	}

	/**
	 * Why a resumed deploy is undone at once, or null for one that rolls out.
	 */
	String failureToUndo() {
		return this.failureToUndo;
	}

	/**
	 * Replaces every batch; a cancel takes effect between batches.
	 */
	void rollOut() throws DeployFailure, InterruptedException {
		for (List<Target> batch : this.plan.batches()) {
			if (this.cancelled != null) {
				throw new DeployFailure("cancelled: " + this.cancelled);
			}
			replace(batch);
		}
	}

	private void replace(List<Target> batch) throws DeployFailure, InterruptedException {
		List<Replacement> replacements = new ArrayList<>();
		Set<Endpoint> taken = new HashSet<>();
		for (Target old : batch) {
			Replacement replacement = new Replacement(old, spare(spareFor(old, taken)));
			taken.add(replacement.spare.endpoint());
			replacements.add(replacement);
		}
		for (Replacement replacement : replacements) {
			launch(replacement);
		}
		for (Replacement replacement : replacements) {
			awaitRegistration(replacement);
		}
		for (Replacement replacement : replacements) {
			this.restarts.verify(this.plan, replacement.fresh(), replacement.stepId, this.plan.version(),
					DeployPhase.ROLLOUT);
		}
		for (Replacement replacement : replacements) {
			approve(replacement);
		}
		Map<Replacement, GateSteps.Pending> opening = new LinkedHashMap<>();
		for (Replacement replacement : replacements) {
			opening.put(replacement, this.gates.open(this.plan, replacement.fresh(), DeployPhase.ROLLOUT));
		}
		for (GateSteps.Pending pending : opening.values()) {
			this.gates.enable(this.plan, pending, DeployPhase.ROLLOUT, true);
		}
		Map<Replacement, GateSteps.Pending> closing = new LinkedHashMap<>();
		for (Replacement replacement : replacements) {
			replacement.oldClosed = true;
			closing.put(replacement, this.gates.close(this.plan, replacement.old, DeployPhase.ROLLOUT));
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
		for (Replacement replacement : replacements) {
			this.events.step(new InstanceReplaced(this.plan.deployId(), this.plan.service(),
					replacement.old.instanceId(), replacement.registered, this.clock.instant()));
			this.unfinished.remove(replacement);
			this.toRetire.add(replacement);
		}
		retire();
	}

	private void launch(Replacement replacement) throws DeployFailure, InterruptedException {
		Endpoint endpoint = replacement.spare.endpoint();
		this.unfinished.add(replacement);
		this.events.step(new InstanceLaunched(this.plan.deployId(), this.plan.service(), replacement.old.instanceId(),
				endpoint.host(), endpoint.port(), this.plan.version(), this.clock.instant()));
		replacement.started = true;
		RestartResult result = this.runtime.start(this.plan.service(), replacement.spare, this.plan.version());
		if (!result.succeeded()) {
			throw new DeployFailure("start of a new instance on " + endpoint + " to replace "
					+ replacement.old.instanceId() + " failed with exit code " + result.exitCode()
					+ (result.stderr().isBlank() ? "" : ": " + result.stderr().strip()));
		}
		replacement.result = result;
	}

	/**
	 * A new instance registers itself; the id it chose is the one every later step names.
	 */
	private void awaitRegistration(Replacement replacement) throws DeployFailure, InterruptedException {
		Endpoint endpoint = replacement.spare.endpoint();
		ServicePolicy policy = this.plan.policy();
		InstanceSnapshot registered = WatchedWait.await(this.arrivals.expect((snapshot) -> isAt(snapshot, endpoint)),
				replacement.result.watch(), policy.healthTimeout(), policy.checkInterval(),
				() -> "no instance registered on " + endpoint + " within " + policy.healthTimeout() + " of its start",
				(crash) -> "the new instance on " + endpoint + " crashed before it registered: " + crash);
		replacement.registered = registered.instanceId();
		replacement.stepId = this.restarts.started(this.plan, replacement.fresh(), this.plan.version(),
				replacement.result);
	}

	/**
	 * Approves a verified new instance in the deploy's name, unless its service goes
	 * online without an operator, and waits until the registry holds both its gates open.
	 */
	private void approve(Replacement replacement) throws DeployFailure, InterruptedException {
		InstanceId id = replacement.registered;
		InstanceSnapshot healthy = awaitSnapshot(id,
				(snapshot) -> snapshot.lifecycle() == Lifecycle.PRE_ONLINE || snapshot.lifecycle() == Lifecycle.ONLINE,
				"healthy in the registry");
		replacement.routed = true;
		if (healthy.lifecycle() == Lifecycle.PRE_ONLINE) {
			this.events.registration(new OperateInstance(null, this.plan.service(), id, OperatorAction.APPROVE,
					"deploy " + this.plan.deployId(), "verified on " + this.plan.version() + " to replace "
							+ replacement.old.instanceId() + " (surge deploy)",
					this.clock.instant()));
		}
		awaitSnapshot(id, (snapshot) -> snapshot.adminGateOpen() && snapshot.healthGateOpen(), "online");
	}

	private InstanceSnapshot awaitSnapshot(InstanceId id, Predicate<InstanceSnapshot> state, String what)
			throws DeployFailure, InterruptedException {
		Duration timeout = this.plan.policy().enableTimeout();
		CompletableFuture<InstanceSnapshot> arrival = this.arrivals
			.expect((snapshot) -> snapshot.instanceId().equals(id) && state.test(snapshot));
		try {
			return arrival.get(timeout.toNanos(), TimeUnit.NANOSECONDS);
		}
		catch (TimeoutException ex) {
			throw new DeployFailure(id + " was not " + what + " within " + timeout);
		}
		catch (ExecutionException ex) {
			throw new IllegalStateException("arrivals never fail", ex);
		}
		finally {
			arrival.cancel(false);
		}
	}

	/**
	 * Stops and deregisters the old instances of finished replacements; one the runtime
	 * cannot stop is out of rotation and deregistered, and fails the deploy.
	 */
	private void retire() throws DeployFailure, InterruptedException {
		List<Replacement> retiring = List.copyOf(this.toRetire);
		if (retiring.isEmpty()) {
			return;
		}
		// Each stop waits for its process to exit: all at once, not one shutdown after
		// another.
		ExecutorService stoppers = Executors.newFixedThreadPool(retiring.size());
		List<String> problems = new ArrayList<>();
		try {
			Map<Replacement, Future<RestartResult>> stops = new LinkedHashMap<>();
			for (Replacement replacement : retiring) {
				stops.put(replacement, stoppers.submit(() -> this.runtime.stop(this.plan.service(), replacement.old)));
			}
			for (Map.Entry<Replacement, Future<RestartResult>> stop : stops.entrySet()) {
				Replacement replacement = stop.getKey();
				RestartResult stopped = outcome(stop.getValue());
				if (!stopped.succeeded()) {
					problems.add(replacement.old.instanceId() + " was replaced by " + replacement.registered
							+ " but its runtime could not stop it (exit code " + stopped.exitCode() + ": "
							+ stopped.stderr().strip() + "); it is out of rotation");
				}
				deregister(replacement.old,
						"replaced by " + replacement.registered + " in surge deploy " + this.plan.deployId());
				this.toRetire.remove(replacement);
			}
		}
		finally {
			stoppers.shutdownNow();
		}
		if (!problems.isEmpty()) {
			throw new DeployFailure(String.join("; ", problems));
		}
	}

	private static RestartResult outcome(Future<RestartResult> stop) throws InterruptedException {
		try {
			return stop.get();
		}
		catch (ExecutionException ex) {
			return new RestartResult(1, String.valueOf(ex.getCause()));
		}
	}

	/**
	 * Finishes what is on the record as replaced, removes every unfinished replacement's
	 * new instance, reopens old gates and publishes {@link DeployFailed}.
	 */
	void undo(String reason) throws InterruptedException {
		long from = this.clock.millis();
		this.events.step(new DeployRollingBack(this.plan.deployId(), this.plan.service(), this.plan.version(), reason,
				this.clock.instant()));
		List<String> problems = new ArrayList<>();
		try {
			retire();
		}
		catch (DeployFailure ex) {
			problems.add(ex.reason());
		}
		List<InstanceId> keptOut = new ArrayList<>();
		// the old instance back in rotation before its replacement leaves it
		for (Replacement replacement : reversed(this.unfinished)) {
			if (replacement.oldClosed) {
				this.gates.reopen(this.plan, replacement.old, DeployPhase.ROLLBACK, this.unconfirmed);
			}
			remove(replacement, problems, keptOut);
		}
		String fullReason = problems.isEmpty() ? reason : reason + "; " + String.join("; ", problems);
		this.events.step(new DeployFailed(this.plan.deployId(), this.plan.service(), this.plan.version(), fullReason,
				List.of(), this.clock.millis() - from, this.clock.instant(), keptOut));
	}

	/**
	 * Takes a new instance away: drained by every node first if it may have had traffic
	 * (one a node did not confirm drained keeps running out of rotation and is named),
	 * then stopped and deregistered.
	 */
	private void remove(Replacement replacement, List<String> problems, List<InstanceId> keptOut)
			throws InterruptedException {
		Target fresh = replacement.fresh();
		if (replacement.routed) {
			try {
				this.gates.drain(this.plan, this.gates.close(this.plan, fresh, DeployPhase.ROLLBACK),
						DeployPhase.ROLLBACK, false);
			}
			catch (DeployFailure ex) {
				problems.add("removal: " + ex.reason() + "; " + fresh.instanceId() + " keeps running out of rotation");
				keptOut.add(fresh.instanceId());
				return;
			}
		}
		if (replacement.started) {
			RestartResult stopped = this.runtime.stop(this.plan.service(), fresh);
			if (!stopped.succeeded()) {
				problems.add("removal: the runtime could not stop the new instance on " + fresh.endpoint()
						+ " (exit code " + stopped.exitCode() + ": " + stopped.stderr().strip() + ")");
			}
		}
		if (replacement.registered != null) {
			deregister(fresh, "removed: surge deploy " + this.plan.deployId() + " failed");
		}
	}

	private void deregister(Target target, String reason) {
		this.events.registration(new InstanceDeregistered(null, target.instanceId(), this.plan.service(), null, 0,
				"deploy " + this.plan.deployId(), reason, this.clock.instant()));
	}

	/**
	 * The first spare port on the old instance's host that no instance registered there
	 * uses and this batch has not taken.
	 */
	private Endpoint spareFor(Target old, Set<Endpoint> taken) throws DeployFailure {
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
	private Target spare(Endpoint endpoint) {
		return new Target(InstanceId.of(this.plan.service().value() + "-" + endpoint.port()), endpoint,
				this.plan.version());
	}

	private boolean isAt(InstanceSnapshot snapshot, Endpoint endpoint) {
		return snapshot.service().equals(this.plan.service()) && snapshot.endpoint().equals(endpoint)
				&& !snapshot.deregistered();
	}

	private static <T> List<T> reversed(List<T> list) {
		List<T> copy = new ArrayList<>(list);
		Collections.reverse(copy);
		return copy;
	}

	/**
	 * One old instance and the new one that replaces it, as far as it got.
	 */
	private final class Replacement {

		private final Target old;

		private final Target spare;

		private RestartResult result;

		private StepId stepId;

		/** The id the new instance registered with; null before. */
		private InstanceId registered;

		/** Whether the runtime may have started the new instance. */
		private boolean started;

		/** Whether the new instance may have had traffic. */
		private boolean routed;

		/** Whether the old instance's DEPLOY gate may be closed. */
		private boolean oldClosed;

		Replacement(Target old, Target spare) {
			this.old = old;
			this.spare = spare;
		}

		/** The new instance, by the id it registered with once it did. */
		Target fresh() {
			return (this.registered != null) ? new Target(this.registered, this.spare.endpoint(), plan.version())
					: this.spare;
		}

	}

}
