package dev.baton.deployer.rollout.surge;

import java.time.Clock;
import java.time.Duration;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.ExecutionException;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.TimeoutException;
import java.util.function.Predicate;

import dev.baton.contracts.Endpoint;
import dev.baton.contracts.InstanceId;
import dev.baton.contracts.operation.OperateInstance;
import dev.baton.contracts.operation.OperatorAction;
import dev.baton.contracts.registry.InstanceSnapshot;
import dev.baton.contracts.registry.Lifecycle;
import dev.baton.deployer.rollout.DeployEvents;
import dev.baton.deployer.rollout.answer.InstanceArrivals;
import dev.baton.deployer.rollout.plan.DeployPlan;
import dev.baton.deployer.rollout.plan.ServicePolicy;
import dev.baton.deployer.rollout.step.DeployFailure;
import dev.baton.deployer.rollout.step.WatchedWait;

/**
 * What a surge deploy waits to hear from the registry about the new instances it starts:
 * that each registered itself on its spare endpoint, and, once verified and approved in
 * the deploy's name, that the registry holds its gates open.
 */
final class SurgeArrivals {

	private final DeployPlan plan;

	private final InstanceArrivals arrivals;

	private final DeployEvents events;

	private final Clock clock;

	SurgeArrivals(DeployPlan plan, InstanceArrivals arrivals, DeployEvents events, Clock clock) {
		this.plan = plan;
		this.arrivals = arrivals;
		this.events = events;
		this.clock = clock;
	}

	/**
	 * Waits until a new instance registers itself, its process watched meanwhile; the id
	 * it chose is the one every later step names.
	 */
	InstanceSnapshot awaitRegistration(SurgeReplacement replacement) throws DeployFailure, InterruptedException {
		Endpoint endpoint = replacement.spare().endpoint();
		ServicePolicy policy = this.plan.policy();
		return WatchedWait.await(this.arrivals.expect((snapshot) -> isAt(snapshot, endpoint)),
				replacement.result.watch(), policy.healthTimeout(), policy.checkInterval(),
				() -> "no instance registered on " + endpoint + " within " + policy.healthTimeout() + " of its start",
				(crash) -> "the new instance on " + endpoint + " crashed before it registered: " + crash);
	}

	/**
	 * Approves a verified new instance in the deploy's name, unless its service goes
	 * online without an operator or it is online already, and waits until the registry
	 * holds both its gates open.
	 */
	void approve(SurgeReplacement replacement) throws DeployFailure, InterruptedException {
		InstanceId id = replacement.registered();
		InstanceSnapshot healthy = awaitSnapshot(id,
				(snapshot) -> snapshot.lifecycle() == Lifecycle.PRE_ONLINE || snapshot.lifecycle() == Lifecycle.ONLINE,
				"healthy in the registry");
		if (healthy.lifecycle() == Lifecycle.PRE_ONLINE) {
			this.events.operation(new OperateInstance(null, this.plan.service(), id, OperatorAction.APPROVE,
					"deploy " + this.plan.deployId(), "verified on " + this.plan.version() + " to replace "
							+ replacement.old().instanceId() + " (surge deploy)",
					this.clock.instant()));
		}
		awaitSnapshot(id, (snapshot) -> snapshot.adminGateOpen() && snapshot.healthGateOpen(), "online");
	}

	boolean isAt(InstanceSnapshot snapshot, Endpoint endpoint) {
		return snapshot.service().equals(this.plan.service()) && snapshot.endpoint().equals(endpoint)
				&& !snapshot.deregistered();
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

}
