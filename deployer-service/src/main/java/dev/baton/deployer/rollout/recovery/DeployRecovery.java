package dev.baton.deployer.rollout.recovery;

import java.time.Clock;
import java.time.Duration;
import java.util.ArrayList;
import java.util.HashSet;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.Set;
import java.util.function.Function;

import dev.baton.contracts.CommandId;
import dev.baton.contracts.DeployId;
import dev.baton.contracts.Gate;
import dev.baton.contracts.GateKey;
import dev.baton.contracts.InstanceId;
import dev.baton.contracts.ServiceName;
import dev.baton.contracts.deploy.DeployFailed;
import dev.baton.contracts.deploy.DeployStarted;
import dev.baton.contracts.deploy.DeployStrategy;
import dev.baton.contracts.nginx.SetPeerGate;
import dev.baton.contracts.registry.InstanceSnapshot;
import dev.baton.deployer.fleet.DeployGates;
import dev.baton.deployer.fleet.KnownInstances;
import dev.baton.deployer.rollout.DeployEvents;
import dev.baton.deployer.rollout.plan.DeployPlan;
import dev.baton.deployer.rollout.plan.DeployTarget;
import dev.baton.deployer.rollout.plan.Refusal;
import dev.baton.deployer.rollout.plan.RolloutPlanner;
import dev.baton.deployer.rollout.plan.ServicePolicy;
import dev.baton.deployer.rollout.run.DeployDesk;
import dev.baton.deployer.rollout.run.DeployRun;
import dev.baton.deployer.rollout.run.DeployRuns;
import dev.baton.deployer.rollout.run.Resumption;
import dev.baton.deployer.rollout.step.GateSteps;
import dev.baton.deployer.rollout.step.Stage;

/**
 * Carries on after a restart: the latest deploy of each service that started and never
 * ended is planned again under the service's policy now and resumed from its instances'
 * last confirmed steps (or its rollback continued), or closed as failed when the policy
 * lets none of them leave rotation; an older unfinished one of the same service is closed
 * as superseded, so one service never has two deploys running. A DEPLOY gate left closed
 * by no unfinished deploy is opened again, unless a failed deploy kept that instance out
 * of rotation.
 */
public final class DeployRecovery {

	private final KnownInstances fleet;

	private final DeployGates gates;

	private final Function<ServiceName, Optional<ServicePolicy>> policies;

	private final DeployRuns runs;

	private final DeployDesk desk;

	private final DeployEvents events;

	private final Clock clock;

	public DeployRecovery(KnownInstances fleet, DeployGates gates,
			Function<ServiceName, Optional<ServicePolicy>> policies, DeployRuns runs, DeployDesk desk,
			DeployEvents events, Clock clock) {
		this.fleet = fleet;
		this.gates = gates;
		this.policies = policies;
		this.runs = runs;
		this.desk = desk;
		this.events = events;
		this.clock = clock;
	}

	/**
	 * Prepares what the journal shows unfinished, closes what another deploy of the same
	 * service superseded, and reopens stray gates. The runs are returned, not started:
	 * they start once the readers of answers are in place.
	 * @param journal every deploy step published so far
	 * @return the deploys to resume, at most one per service
	 */
	public List<DeployRun> recover(DeployJournal journal) {
		journal.deployIds().forEach(this.desk::remember);
		Set<GateKey> claimed = new HashSet<>(gatesOf(journal.keptOut()));
		Map<ServiceName, DeployJournal.Unfinished> latest = new LinkedHashMap<>();
		for (DeployJournal.Unfinished unfinished : journal.unfinished()) {
			DeployJournal.Unfinished older = latest.put(unfinished.started().service(), unfinished);
			if (older != null) {
				claimed.addAll(supersede(older, unfinished.started().deployId()));
			}
		}
		List<DeployRun> resumed = new ArrayList<>();
		for (DeployJournal.Unfinished unfinished : latest.values()) {
			DeployStarted started = unfinished.started();
			Optional<ServicePolicy> policy = this.policies.apply(started.service());
			if (policy.isEmpty()) {
				this.events.step(new DeployFailed(started.deployId(), started.service(), started.version(),
						"cannot resume: no runtime is configured for " + started.service(), List.of(), 0,
						this.clock.instant()));
				continue;
			}
			DeployPlan plan;
			try {
				plan = plan(started, policy.get());
			}
			catch (Refusal ex) {
				claimed.addAll(close(unfinished, "cannot resume: " + ex.getMessage()));
				continue;
			}
			Resumption was = unfinished.resumption();
			Set<InstanceId> closed = new HashSet<>();
			Map<InstanceId, Stage> stages = new LinkedHashMap<>(was.stages());
			for (DeployTarget target : plan.targets()) {
				GateKey key = gateOf(plan.service(), target);
				claimed.add(key);
				if (this.gates.closed().contains(key)) {
					closed.add(target.instanceId());
				}
				else if (stages.get(target.instanceId()) == Stage.DRAINED
						|| stages.get(target.instanceId()) == Stage.RESTARTED) {
					// back in rotation since its drain was confirmed: never restarted
					// without a new one
					stages.put(target.instanceId(), Stage.PENDING);
				}
			}
			DeployRun run = this.runs.resumed(plan, was.with(stages, closed), unfinished.surge());
			this.events.audit(plan.deployId().value(), "deploy.resumed", resumedAs(plan, was),
					Map.of("stages", stages.toString()));
			resumed.add(run);
		}
		reopenStrayGates(claimed);
		return resumed;
	}

	private static String resumedAs(DeployPlan plan, Resumption was) {
		if (was.failure() != null) {
			return "rolling back: " + was.failure();
		}
		String from = (plan.strategy() == DeployStrategy.SURGE)
				? "replacing from each replacement's last confirmed step" : "rolling out from the last confirmed step";
		if (was.cancelling() != null) {
			return from + ", to roll back before its next batch: cancelled by " + was.cancelling().requestedBy();
		}
		return (was.paused() != null) ? from + ", paused by " + was.paused().requestedBy() + " (holds before its"
				+ " next batch until resumed)" : from;
	}

	/**
	 * Ends a deploy a later one of the same service replaced.
	 * @return the gates kept closed
	 */
	private Set<GateKey> supersede(DeployJournal.Unfinished older, DeployId by) {
		this.events.audit(older.started().deployId().value(), "deploy.superseded", "superseded by " + by, Map.of());
		return close(older, "superseded by " + by);
	}

	/**
	 * Ends an unfinished deploy without resuming it: its closed gates are reopened,
	 * except those of instances restarted without a verdict since, which stay out of
	 * rotation and are named.
	 * @return the gates kept closed
	 */
	private Set<GateKey> close(DeployJournal.Unfinished unfinished, String reason) {
		DeployStarted started = unfinished.started();
		Set<GateKey> keptClosed = new HashSet<>();
		List<InstanceId> keptOut = new ArrayList<>();
		for (InstanceId instance : started.batches().stream().flatMap(List::stream).toList()) {
			Optional<GateKey> key = this.fleet.instance(instance)
				.filter((snapshot) -> snapshot.service().equals(started.service()))
				.map((snapshot) -> gateOf(snapshot));
			if (key.isEmpty() || !this.gates.closed().contains(key.get())) {
				continue;
			}
			if (unfinished.unverified().contains(instance)) {
				keptClosed.add(key.get());
				keptOut.add(instance);
			}
			else {
				reopen(key.get(), "deploy " + started.deployId() + " ended: " + reason);
			}
		}
		this.events.audit(started.deployId().value(), "deploy.closed", reason, Map.of("keptOut", keptOut.toString()));
		this.events.step(new DeployFailed(started.deployId(), started.service(), started.version(), reason, List.of(),
				0, this.clock.instant(), keptOut));
		return keptClosed;
	}

	private Set<GateKey> gatesOf(Set<InstanceId> instances) {
		Set<GateKey> keys = new HashSet<>();
		instances.forEach((instance) -> this.fleet.instance(instance).map(this::gateOf).ifPresent(keys::add));
		return keys;
	}

	private GateKey gateOf(InstanceSnapshot instance) {
		return new GateKey(instance.service(), instance.endpoint(), Gate.DEPLOY);
	}

	private static GateKey gateOf(ServiceName service, DeployTarget target) {
		return new GateKey(service, target.endpoint(), Gate.DEPLOY);
	}

	/**
	 * The deploy as it is resumed: only instances of its own service, with the bake and
	 * canary share it started with; a rolling deploy planned again under the service's
	 * policy now (see {@link RolloutPlanner#replan}).
	 */
	private DeployPlan plan(DeployStarted started, ServicePolicy policy) throws Refusal {
		ServicePolicy configured = policy.withStrategy(started.strategy())
			.withBake(Duration.ofMillis(started.bakeMillis()), started.canaryPercent());
		// the record does not say whether the request accepted downtime: as replan does,
		// a service that lets requests accept it is held to no floor
		ServicePolicy resumed = configured.downtimeAllowed() ? configured.withMinHealthy(0) : configured;
		List<List<DeployTarget>> recorded = started.batches()
			.stream()
			.map((batch) -> batch.stream()
				.map(this.fleet::instance)
				.flatMap(Optional::stream)
				.filter((instance) -> instance.service().equals(started.service()))
				.map((InstanceSnapshot instance) -> new DeployTarget(instance.instanceId(), instance.endpoint(),
						started.previousVersions().getOrDefault(instance.instanceId(), instance.version())))
				.toList())
			.filter((batch) -> !batch.isEmpty())
			.toList();
		if (recorded.isEmpty()) {
			throw new Refusal("none of its instances is a registered instance of " + started.service());
		}
		List<List<DeployTarget>> batches = (resumed.strategy() == DeployStrategy.SURGE) ? recorded
				: RolloutPlanner.replan(started.service(), recorded.stream().flatMap(List::stream).toList(),
						this.fleet.instancesOf(started.service()).size(), resumed);
		return new DeployPlan(started.deployId(), started.service(), started.version(), batches, resumed,
				started.requestedBy(), started.at(), started.rollback());
	}

	private void reopenStrayGates(Set<GateKey> claimed) {
		for (GateKey key : this.gates.closed()) {
			if (!claimed.contains(key)) {
				reopen(key, "no unfinished deploy holds this gate closed");
			}
		}
	}

	private void reopen(GateKey key, String reason) {
		this.events.gate(new SetPeerGate(CommandId.random(), key.service(), key.endpoint().host(),
				key.endpoint().port(), Gate.DEPLOY, true, GateSteps.OWNER, reason, this.clock.instant()));
		this.events.audit(key.toString(), "gate.reopened", reason, Map.of());
	}

}
