package dev.baton.deployer.rollout.step;

import java.util.LinkedHashMap;
import java.util.Map;
import java.util.Optional;
import java.util.stream.Collectors;

import dev.baton.contracts.InstanceId;
import dev.baton.contracts.registry.InstanceSnapshot;
import dev.baton.contracts.registry.Lifecycle;
import dev.baton.deployer.fleet.KnownInstances;
import dev.baton.deployer.rollout.DeployEvents;
import dev.baton.deployer.rollout.plan.DeployPlan;
import dev.baton.deployer.rollout.plan.DeployTarget;

/**
 * The instances of one deploy that left before their batch started: deregistered, or
 * taken offline by an operator. Each is skipped, never restarted, and named on the audit
 * trail and in the reason of a failed deploy; an operator's decision to take an instance
 * out is not the deploy's to undo.
 */
public final class DepartedTargets {

	private final KnownInstances fleet;

	private final DeployEvents events;

	private final Map<InstanceId, String> skipped = new LinkedHashMap<>();

	public DepartedTargets(KnownInstances fleet, DeployEvents events) {
		this.fleet = fleet;
		this.events = events;
	}

	/**
	 * Whether a target left, recording it the first time it is found so.
	 * @param plan the deploy
	 * @param target an instance whose batch has not started
	 * @return true when it must be skipped
	 */
	public boolean left(DeployPlan plan, DeployTarget target) {
		if (this.skipped.containsKey(target.instanceId())) {
			return true;
		}
		Optional<String> why = departure(this.fleet.instance(target.instanceId()));
		why.ifPresent((reason) -> {
			this.skipped.put(target.instanceId(), reason);
			this.events.audit(plan.deployId().value(), "deploy.target-skipped",
					target.instanceId() + " " + reason + " before its batch: skipped, never restarted",
					Map.of("instance", target.instanceId().value()));
		});
		return why.isPresent();
	}

	/**
	 * @param reason why a deploy failed
	 * @return the reason, naming the instances skipped
	 */
	public String named(String reason) {
		if (this.skipped.isEmpty()) {
			return reason;
		}
		return reason + "; skipped, never restarted: "
				+ this.skipped.entrySet()
					.stream()
					.map((entry) -> entry.getKey() + " (" + entry.getValue() + ")")
					.collect(Collectors.joining(", "));
	}

	private static Optional<String> departure(Optional<InstanceSnapshot> instance) {
		if (instance.isEmpty() || instance.get().deregistered()) {
			return Optional.of("was deregistered");
		}
		if (instance.get().lifecycle() == Lifecycle.OFFLINE) {
			return Optional.of("was taken offline");
		}
		if (instance.get().lifecycle() == Lifecycle.LEAVING) {
			return Optional.of("was deregistered while online");
		}
		return Optional.empty();
	}

}
