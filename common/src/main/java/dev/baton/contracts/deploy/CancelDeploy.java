package dev.baton.contracts.deploy;

import java.time.Instant;
import java.util.Objects;

import dev.baton.contracts.DeployId;
import dev.baton.contracts.ServiceName;

/**
 * Stop a running deploy before its next batch and roll back everything it touched. A
 * paused deploy is cancelled too; cancelling a deploy that is already cancelling changes
 * nothing.
 *
 * <pre>
 * {"type":"CancelDeploy","service":"orders","requestedBy":"ops","reason":"wrong day"}
 * </pre>
 *
 * @param deployId the deploy to cancel; absent for whichever deploy of the service runs
 * @param service its service
 * @param requestedBy who asked
 * @param reason why
 * @param at when; now when absent
 */
public record CancelDeploy(DeployId deployId, ServiceName service, String requestedBy, String reason,
		Instant at) implements DeployRequest {

	public CancelDeploy {
		Objects.requireNonNull(service, "service is required");
		requestedBy = (requestedBy != null) ? requestedBy : "unknown";
		reason = (reason != null) ? reason : "";
		at = (at != null) ? at : Instant.now();
	}

}
