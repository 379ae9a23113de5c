package dev.baton.contracts.deploy;

import java.time.Instant;
import java.util.Objects;

import dev.baton.contracts.DeployId;
import dev.baton.contracts.ServiceName;
import dev.baton.contracts.Version;

/**
 * A running deploy was paused: on the record before it holds. It holds before its next
 * step that would take an instance out of rotation or start a batch (or promote a
 * canary); a batch under way is finished first, and a rollback is never held. A deploy
 * paused when its deployer stops is still paused when a deployer resumes it.
 *
 * @param deployId the deploy
 * @param service the service
 * @param version the version the deploy puts on its instances
 * @param requestedBy who asked
 * @param reason why
 * @param at when
 */
public record DeployPaused(DeployId deployId, ServiceName service, Version version, String requestedBy, String reason,
		Instant at) implements DeployStep {

	public DeployPaused {
		Objects.requireNonNull(deployId, "deployId is required");
		Objects.requireNonNull(service, "service is required");
		Objects.requireNonNull(version, "version is required");
		Objects.requireNonNull(at, "at is required");
		requestedBy = (requestedBy != null) ? requestedBy : "";
		reason = (reason != null) ? reason : "";
	}

}
