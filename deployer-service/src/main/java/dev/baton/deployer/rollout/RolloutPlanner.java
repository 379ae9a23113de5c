package dev.baton.deployer.rollout;

import java.time.Instant;
import java.util.ArrayList;
import java.util.List;

import dev.baton.contracts.Version;
import dev.baton.contracts.deploy.DeployRequested;
import dev.baton.contracts.registry.InstanceSnapshot;

/**
 * Turns an accepted request into batches: at most {@code maxUnavailable} instances out of
 * rotation at once, and never fewer than {@code minHealthy} left serving. A service with
 * a single instance is only deployed when the request accepts the downtime.
 */
final class RolloutPlanner {

	DeployPlan plan(DeployRequested request, List<InstanceSnapshot> instances, ServicePolicy configured, Instant now)
			throws Refusal {
		if (instances.isEmpty()) {
			throw new Refusal("service " + request.service() + " has no registered instances");
		}
		if (instances.size() == 1 && !request.allowDowntime()) {
			throw new Refusal("service " + request.service() + " has a single instance, which stops serving while"
					+ " it restarts; set allowDowntime to accept that");
		}
		ServicePolicy policy = configured.overriddenBy(request);
		int minHealthy = request.allowDowntime() ? 0 : policy.minHealthy();
		int batchSize = Math.min(policy.maxUnavailable(), instances.size() - minHealthy);
		if (batchSize < 1) {
			throw new Refusal("service " + request.service() + " has " + instances.size()
					+ " instances and min-healthy " + minHealthy + ": none may leave rotation");
		}
		List<List<Target>> batches = new ArrayList<>();
		for (int from = 0; from < instances.size(); from += batchSize) {
			batches.add(instances.subList(from, Math.min(from + batchSize, instances.size()))
				.stream()
				.map(RolloutPlanner::target)
				.toList());
		}
		return new DeployPlan(request.deployId(), request.service(), request.version(), batches, policy,
				request.requestedBy(), now);
	}

	/**
	 * The version an instance reports is the truth; the registered one is the fallback.
	 */
	static Target target(InstanceSnapshot instance) {
		Version running = (instance.lastHealth() != null && instance.lastHealth().version() != null)
				? instance.lastHealth().version() : instance.version();
		return new Target(instance.instanceId(), instance.endpoint(), running);
	}

}
