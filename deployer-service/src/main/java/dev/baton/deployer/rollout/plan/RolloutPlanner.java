package dev.baton.deployer.rollout.plan;

import java.time.Instant;
import java.util.ArrayList;
import java.util.List;
import java.util.Set;
import java.util.stream.Collectors;

import dev.baton.contracts.ServiceName;
import dev.baton.contracts.Version;
import dev.baton.contracts.deploy.DeployRequested;
import dev.baton.contracts.deploy.DeployStrategy;
import dev.baton.contracts.registry.InstanceSnapshot;

/**
 * Turns an accepted request into batches. Rolling: at most {@code maxUnavailable}
 * instances out of rotation at once, and never fewer than {@code minHealthy} left
 * serving; a service with a single instance is only deployed when the request accepts the
 * downtime. Surge: as many instances at once as there are spare ports. A canary needs a
 * bake to be judged over, and instances of the old version serving beside it.
 */
public final class RolloutPlanner {

	DeployPlan plan(DeployRequested request, List<InstanceSnapshot> instances, ServicePolicy configured, Instant now)
			throws Refusal {
		return plan(request, instances, configured, now, false);
	}

	/**
	 * @param rollback whether the deploy is a rollback to an earlier release
	 */
	public DeployPlan plan(DeployRequested request, List<InstanceSnapshot> instances, ServicePolicy configured,
			Instant now, boolean rollback) throws Refusal {
		if (instances.isEmpty()) {
			throw new Refusal("service " + request.service() + " has no registered instances");
		}
		ServicePolicy overridden = configured.overriddenBy(request);
		// what a request that accepted downtime may take out is what each batch may
		ServicePolicy policy = request.allowDowntime() ? overridden.withMinHealthy(0) : overridden;
		int batchSize = (policy.strategy() == DeployStrategy.SURGE) ? surgeBatchSize(request, instances, policy)
				: rollingBatchSize(request, instances, policy);
		checkCanary(request, instances.size(), policy, batchSize);
		return new DeployPlan(request.deployId(), request.service(), request.version(),
				batches(instances.stream().map(RolloutPlanner::target).toList(), batchSize), policy,
				request.requestedBy(), now, rollback);
	}

	private static void checkCanary(DeployRequested request, int instances, ServicePolicy policy, int batchSize)
			throws Refusal {
		if (!policy.hasCanary()) {
			return;
		}
		if (policy.bake().isZero()) {
			throw new Refusal("a canary of " + request.service() + " needs a bake to be judged over (bake, or"
					+ " baton.deployer.services." + request.service() + ".bake)");
		}
		if (policy.strategy() == DeployStrategy.ROLLING && instances - batchSize < 1) {
			throw new Refusal("a canary needs instances of the old version serving beside it, but the first batch of "
					+ request.service() + " takes all its " + instances + " instance(s)");
		}
	}

	/**
	 * Plans again a rolling deploy read back from {@code deploy.steps}, under the
	 * service's policy as it is now: its instances in the recorded order, in batches no
	 * larger than the policy allows with the service's instances now. What a request
	 * overrode, or a record written by hand claims, takes no more out of rotation than
	 * that.
	 * @param targets the deploy's instances that are the service's own, in order
	 * @param serving how many instances the service has now
	 * @return the batches
	 * @throws Refusal when the policy lets none leave rotation now
	 */
	public static List<List<DeployTarget>> replan(ServiceName service, List<DeployTarget> targets, int serving,
			ServicePolicy policy) throws Refusal {
		int minHealthy = policy.downtimeAllowed() ? 0 : policy.minHealthy();
		int batchSize = Math.min(policy.maxUnavailable(), serving - minHealthy);
		if (batchSize < 1) {
			throw new Refusal("service " + service + " has " + serving + " instances and min-healthy " + minHealthy
					+ ": none may leave rotation");
		}
		return batches(targets, batchSize);
	}

	private static List<List<DeployTarget>> batches(List<DeployTarget> targets, int batchSize) {
		List<List<DeployTarget>> batches = new ArrayList<>();
		for (int from = 0; from < targets.size(); from += batchSize) {
			batches.add(targets.subList(from, Math.min(from + batchSize, targets.size())));
		}
		return batches;
	}

	private static int rollingBatchSize(DeployRequested request, List<InstanceSnapshot> instances, ServicePolicy policy)
			throws Refusal {
		if (request.allowDowntime() && !policy.downtimeAllowed()) {
			throw new Refusal("service " + request.service() + " may not be deployed with downtime: its configuration"
					+ " does not let a request accept it (baton.deployer.services." + request.service()
					+ ".allow-downtime)");
		}
		if (instances.size() == 1 && !request.allowDowntime()) {
			throw new Refusal("service " + request.service() + " has a single instance, which stops serving while"
					+ " it restarts; set allowDowntime to accept that, where the service's configuration allows it");
		}
		int minHealthy = request.allowDowntime() ? 0 : policy.minHealthy();
		int batchSize = Math.min(policy.maxUnavailable(), instances.size() - minHealthy);
		if (batchSize < 1) {
			throw new Refusal("service " + request.service() + " has " + instances.size()
					+ " instances and min-healthy " + minHealthy + ": none may leave rotation");
		}
		return batchSize;
	}

	/**
	 * A surge batch takes as many instances as there are spare ports free, unless the
	 * request asks for fewer: no instance leaves rotation before its replacement is in
	 * it, and each batch frees the ports of the instances it replaced for the next.
	 */
	private static int surgeBatchSize(DeployRequested request, List<InstanceSnapshot> instances, ServicePolicy policy)
			throws Refusal {
		if (policy.sparePorts().isEmpty()) {
			throw new Refusal("service " + request.service() + " has no spare ports for a surge deploy"
					+ " (baton.deployer.services." + request.service() + ".surge.ports)");
		}
		Set<Integer> used = instances.stream()
			.map((instance) -> instance.endpoint().port())
			.collect(Collectors.toSet());
		int free = (int) policy.sparePorts().stream().filter((port) -> !used.contains(port)).count();
		if (free == 0) {
			throw new Refusal("every spare port of " + request.service() + " is in use: " + policy.sparePorts());
		}
		int batchSize = Math.min(free, instances.size());
		return (request.batchSize() != null) ? Math.min(batchSize, request.batchSize()) : batchSize;
	}

	/**
	 * The version an instance reports is the truth; the registered one is the fallback.
	 */
	public static DeployTarget target(InstanceSnapshot instance) {
		Version running = (instance.lastHealth() != null && instance.lastHealth().version() != null)
				? instance.lastHealth().version() : instance.version();
		return new DeployTarget(instance.instanceId(), instance.endpoint(), running);
	}

}
