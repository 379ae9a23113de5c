package dev.baton.contracts.deploy;

import java.time.Instant;
import java.util.Objects;

import dev.baton.contracts.DeployId;
import dev.baton.contracts.ServiceName;

/**
 * Let a paused deploy carry on from where it holds. Resuming a deploy that is not paused
 * changes nothing.
 *
 * <pre>
 * {"type":"ResumeDeploy","service":"orders","requestedBy":"ops"}
 * </pre>
 *
 * @param deployId the deploy to resume; absent for whichever deploy of the service runs
 * @param service its service
 * @param requestedBy who asked
 * @param reason why
 * @param at when; now when absent
 */
public record ResumeDeploy(DeployId deployId, ServiceName service, String requestedBy, String reason,
		Instant at) implements DeployRequest {

	public ResumeDeploy {
		Objects.requireNonNull(service, "service is required");
		requestedBy = (requestedBy != null) ? requestedBy : "unknown";
		reason = (reason != null) ? reason : "";
		at = (at != null) ? at : Instant.now();
	}

}
