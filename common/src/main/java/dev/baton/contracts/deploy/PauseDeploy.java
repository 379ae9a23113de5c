package dev.baton.contracts.deploy;

import java.time.Instant;
import java.util.Objects;

import dev.baton.contracts.DeployId;
import dev.baton.contracts.ServiceName;

/**
 * Hold a running deploy before its next step that would take an instance out of rotation
 * or start a batch. Steps already under way finish (a batch being restarted is verified
 * and put back first), so a paused deploy never holds an instance out of rotation.
 * Pausing a paused deploy changes nothing.
 *
 * <pre>
 * {"type":"PauseDeploy","service":"orders","requestedBy":"ops","reason":"watching the dashboards"}
 * </pre>
 *
 * @param deployId the deploy to pause; absent for whichever deploy of the service runs
 * @param service its service
 * @param requestedBy who asked
 * @param reason why
 * @param at when; now when absent
 */
public record PauseDeploy(DeployId deployId, ServiceName service, String requestedBy, String reason,
		Instant at) implements DeployRequest {

	public PauseDeploy {
		Objects.requireNonNull(service, "service is required");
		requestedBy = (requestedBy != null) ? requestedBy : "unknown";
		reason = (reason != null) ? reason : "";
		at = (at != null) ? at : Instant.now();
	}

}
