package dev.baton.deployer.rollout.plan;

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
 * @param rollback whether it was requested as a rollback to the release before the last
 * succeeded one
 */
public record DeployPlan(DeployId deployId, ServiceName service, Version version, List<List<DeployTarget>> batches,
		ServicePolicy policy, String requestedBy, Instant startedAt, boolean rollback) {

	public DeployPlan {
		batches = batches.stream().map(List::copyOf).toList();
	}

	/**
	 * A deploy requested as such, not as a rollback.
	 */
	public DeployPlan(DeployId deployId, ServiceName service, Version version, List<List<DeployTarget>> batches,
			ServicePolicy policy, String requestedBy, Instant startedAt) {
		this(deployId, service, version, batches, policy, requestedBy, startedAt, false);
	}

	public DeployStrategy strategy() {
		return this.policy.strategy();
	}

	public List<DeployTarget> targets() {
		return this.batches.stream().flatMap(List::stream).toList();
	}

}
