package dev.baton.contracts.deploy;

import java.time.Instant;
import java.util.Objects;

import dev.baton.contracts.DeployId;
import dev.baton.contracts.ServiceName;
import dev.baton.contracts.Version;

/**
 * A paused deploy carries on: on the record before it does.
 *
 * @param deployId the deploy
 * @param service the service
 * @param version the version the deploy puts on its instances
 * @param requestedBy who asked
 * @param reason why
 * @param at when
 */
public record DeployResumed(DeployId deployId, ServiceName service, Version version, String requestedBy, String reason,
		Instant at) implements DeployStep {

	public DeployResumed {
		Objects.requireNonNull(deployId, "deployId is required");
		Objects.requireNonNull(service, "service is required");
		Objects.requireNonNull(version, "version is required");
		Objects.requireNonNull(at, "at is required");
		requestedBy = (requestedBy != null) ? requestedBy : "";
		reason = (reason != null) ? reason : "";
	}

}
