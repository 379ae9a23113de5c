package dev.baton.contracts.deploy;

import java.time.Instant;
import java.util.Objects;

import dev.baton.contracts.DeployId;
import dev.baton.contracts.ServiceName;
import dev.baton.contracts.Version;

/**
 * Every instance runs the requested version, verified, and is enabled again.
 *
 * @param deployId the deploy
 * @param service the service
 * @param version the version now running everywhere
 * @param durationMillis from start to the last instance enabled
 * @param at when
 */
public record DeploySucceeded(DeployId deployId, ServiceName service, Version version, long durationMillis,
		Instant at) implements DeployStep {

	public DeploySucceeded {
		Objects.requireNonNull(deployId, "deployId is required");
		Objects.requireNonNull(service, "service is required");
		Objects.requireNonNull(version, "version is required");
		Objects.requireNonNull(at, "at is required");
	}

}
