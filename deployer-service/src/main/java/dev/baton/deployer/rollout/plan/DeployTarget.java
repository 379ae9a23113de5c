package dev.baton.deployer.rollout.plan;

import java.util.Objects;

import dev.baton.contracts.InstanceId;
import dev.baton.contracts.Version;
import dev.baton.contracts.Endpoint;

/**
 * One instance a deploy acts on, with the version a rollback puts back.
 *
 * @param instanceId the instance
 * @param endpoint where it listens, which is also its peer in nginx
 * @param previousVersion what it ran before the deploy
 */
public record DeployTarget(InstanceId instanceId, Endpoint endpoint, Version previousVersion) {

	public DeployTarget {
		Objects.requireNonNull(instanceId, "instanceId is required");
		Objects.requireNonNull(endpoint, "endpoint is required");
		Objects.requireNonNull(previousVersion, "previousVersion is required");
	}

}
