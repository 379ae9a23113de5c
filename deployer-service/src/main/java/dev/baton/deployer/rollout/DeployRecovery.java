package dev.baton.deployer.rollout;

import java.time.Clock;
import java.util.ArrayList;
import java.util.HashSet;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.Set;
import java.util.function.Function;

import dev.baton.contracts.CommandId;
import dev.baton.contracts.Gate;
import dev.baton.contracts.GateKey;
import dev.baton.contracts.InstanceId;
import dev.baton.contracts.ServiceName;
import dev.baton.contracts.deploy.DeployFailed;
import dev.baton.contracts.deploy.DeployStarted;
import dev.baton.contracts.nginx.SetPeerGate;
import dev.baton.contracts.registry.InstanceSnapshot;
import dev.baton.deployer.fleet.DeployGates;
import dev.baton.deployer.fleet.Fleet;

/**
 * Carries on after a restart: every deploy that started and never ended is resumed from
 * its instances' last confirmed steps (or its rollback continued), and a DEPLOY gate left
 * closed by no unfinished deploy is opened again.
 */
public final class DeployRecovery {

	private final Fleet fleet;

	private final DeployGates gates;

	private final Function<ServiceName, Optional<ServicePolicy>> policies;

	private final DeployRuns runs;

	private final DeployDesk desk;

	private final DeployEvents events;

	private final Clock clock;

	public DeployRecovery(Fleet fleet, DeployGates gates, Function<ServiceName, Optional<ServicePolicy>> policies,
			DeployRuns runs, DeployDesk desk, DeployEvents events, Clock clock) {
		this.fleet = fleet;
		this.gates = gates;
		this.policies = policies;
		this.runs = runs;
		this.desk = desk;
		this.events = events;
		this.clock = clock;
	}

	/**
	 * Resumes what the journal shows unfinished and reopens stray gates.
	 * @param journal every deploy step published so far
	 * @return the deploys resumed
	 */
	public List<DeployRun> recover(DeployJournal journal) {
		journal.deployIds().forEach(this.desk::remember);
		Set<GateKey> claimed = new HashSet<>();
		List<DeployRun> resumed = new ArrayList<>();
		for (DeployJournal.Unfinished unfinished : journal.unfinished()) {
			DeployStarted started = unfinished.started();
			Optional<ServicePolicy> policy = this.policies.apply(started.service());
			if (policy.isEmpty()) {
				this.events.step(new DeployFailed(started.deployId(), started.service(), started.version(),
						"cannot resume: no runtime is configured for " + started.service(), List.of(), 0,
						this.clock.instant()));
				continue;
			}
			DeployPlan plan = plan(started, policy.get());
			Set<InstanceId> closed = new HashSet<>();
			for (Target target : plan.targets()) {
				GateKey key = new GateKey(plan.service(), target.endpoint(), Gate.DEPLOY);
				claimed.add(key);
				if (this.gates.closed().contains(key)) {
					closed.add(target.instanceId());
				}
			}
			Resumption was = unfinished.resumption();
			DeployRun run = this.runs.resumed(plan,
					new Resumption(was.stages(), closed, was.rolledBack(), was.failure()));
			this.events.audit(
					plan.deployId().value(), "deploy.resumed", (was.failure() != null)
							? "rolling back: " + was.failure() : "rolling out from the last confirmed step",
					Map.of("stages", was.stages().toString()));
			this.desk.start(run);
			resumed.add(run);
		}
		reopenStrayGates(claimed);
		return resumed;
	}

	private DeployPlan plan(DeployStarted started, ServicePolicy policy) {
		List<List<Target>> batches = started.batches()
			.stream()
			.map((batch) -> batch.stream()
				.map(this.fleet::instance)
				.flatMap(Optional::stream)
				.map((InstanceSnapshot instance) -> new Target(instance.instanceId(), instance.endpoint(),
						started.previousVersions().getOrDefault(instance.instanceId(), instance.version())))
				.toList())
			.filter((batch) -> !batch.isEmpty())
			.toList();
		return new DeployPlan(started.deployId(), started.service(), started.version(), batches, policy,
				started.requestedBy(), started.at());
	}

	private void reopenStrayGates(Set<GateKey> claimed) {
		for (GateKey key : this.gates.closed()) {
			if (!claimed.contains(key)) {
				this.events.gate(new SetPeerGate(CommandId.random(), key.service(), key.endpoint().host(),
						key.endpoint().port(), Gate.DEPLOY, true, GateSteps.OWNER,
						"no unfinished deploy holds this gate closed", this.clock.instant()));
				this.events.audit(key.toString(), "gate.reopened", "DEPLOY gate found closed with no unfinished deploy",
						Map.of());
			}
		}
	}

}
