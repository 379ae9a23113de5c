package dev.baton.contracts.deploy;

import java.time.Instant;
import java.util.Objects;

import dev.baton.contracts.DeployId;
import dev.baton.contracts.ServiceName;
import dev.baton.contracts.Version;

/**
 * A deploy failed and starts rolling back: on record before the first rollback step, so a
 * deployer that restarts mid-way carries on rolling back instead of rolling forward.
 *
 * @param deployId the deploy
 * @param service the service
 * @param version the version that was requested
 * @param reason what went wrong
 * @param at when
 */
public record DeployRollingBack(DeployId deployId, ServiceName service, Version version, String reason,
		Instant at) implements DeployStep {

	public DeployRollingBack {
		Objects.requireNonNull(deployId, "deployId is required");
		Objects.requireNonNull(service, "service is required");
		Objects.requireNonNull(version, "version is required");
		Objects.requireNonNull(reason, "reason is required");
		Objects.requireNonNull(at, "at is required");
	}

}
