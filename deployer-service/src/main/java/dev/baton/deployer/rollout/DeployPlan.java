package dev.baton.deployer.rollout;

import java.time.Instant;
import java.util.List;

import dev.baton.contracts.DeployId;
import dev.baton.contracts.ServiceName;
import dev.baton.contracts.Version;
import dev.baton.contracts.deploy.DeployStrategy;

/**
 * An accepted deploy: which instances, in which batches, to which version, under which
 * timeouts.
 *
 * @param deployId the deploy
 * @param service the service
 * @param version the requested version
 * @param batches the instances, grouped as they leave rotation together
 * @param policy batch size and timeouts in force
 * @param requestedBy who asked
 * @param startedAt when the deploy was accepted
 */
public record DeployPlan(DeployId deployId, ServiceName service, Version version, List<List<Target>> batches,
		ServicePolicy policy, String requestedBy, Instant startedAt) {

	public DeployPlan {
		batches = batches.stream().map(List::copyOf).toList();
	}

	public DeployStrategy strategy() {
		return this.policy.strategy();
	}

	public List<Target> targets() {
		return this.batches.stream().flatMap(List::stream).toList();
	}

}
