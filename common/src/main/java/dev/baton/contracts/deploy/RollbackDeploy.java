package dev.baton.contracts.deploy;

import java.time.Instant;
import java.util.Objects;

import dev.baton.contracts.DeployId;
import dev.baton.contracts.ServiceName;

/**
 * Deploy again the version a service ran before its last succeeded deploy, as a new
 * deploy: the deployer picks the version from the succeeded deploys on record and answers
 * with {@link DeployStarted} (marked as a rollback) or {@link DeployRejected} when no
 * earlier version succeeded. Each rollback goes one release further back: a succeeded
 * rollback takes the release it replaced off the history.
 *
 * <pre>
 * {"type":"RollbackDeploy","deployId":"ops-17","service":"orders","requestedBy":"ops","reason":"errors since v3"}
 * </pre>
 *
 * @param deployId the new deploy's id, chosen by the requester
 * @param service the service
 * @param requestedBy who asked
 * @param reason why
 * @param at when; now when absent
 */
public record RollbackDeploy(DeployId deployId, ServiceName service, String requestedBy, String reason,
		Instant at) implements DeployRequest {

	public RollbackDeploy {
		Objects.requireNonNull(deployId, "deployId is required");
		Objects.requireNonNull(service, "service is required");
		requestedBy = (requestedBy != null) ? requestedBy : "unknown";
		reason = (reason != null) ? reason : "";
		at = (at != null) ? at : Instant.now();
	}

}
