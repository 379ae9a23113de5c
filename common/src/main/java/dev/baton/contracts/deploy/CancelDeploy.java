package dev.baton.contracts.deploy;

import java.time.Instant;
import java.util.Objects;

import dev.baton.contracts.DeployId;
import dev.baton.contracts.ServiceName;

/**
 * Stop a running deploy after its current batch and roll it back.
 *
 * @param deployId the deploy to cancel
 * @param service its service
 * @param requestedBy who asked
 * @param reason why
 * @param at when; now when absent
 */
public record CancelDeploy(DeployId deployId, ServiceName service, String requestedBy, String reason,
		Instant at) implements DeployRequest {

	public CancelDeploy {
		Objects.requireNonNull(deployId, "deployId is required");
		Objects.requireNonNull(service, "service is required");
		requestedBy = (requestedBy != null) ? requestedBy : "unknown";
		reason = (reason != null) ? reason : "";
		at = (at != null) ? at : Instant.now();
	}

}
