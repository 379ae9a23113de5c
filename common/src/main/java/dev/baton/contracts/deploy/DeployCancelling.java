package dev.baton.contracts.deploy;

import java.time.Instant;
import java.util.Objects;

import dev.baton.contracts.DeployId;
import dev.baton.contracts.ServiceName;
import dev.baton.contracts.Version;

/**
 * A running deploy was cancelled: on the record before the cancel takes effect, so a
 * deployer restarted meanwhile rolls back instead of rolling forward. It stops before its
 * next batch (or at once, while it bakes or holds paused) and rolls back everything it
 * touched, ending in {@link DeployFailed} ({@code cancelled: <who>: <reason>}).
 *
 * @param deployId the deploy
 * @param service the service
 * @param version the version the deploy puts on its instances
 * @param requestedBy who asked
 * @param reason why
 * @param at when
 */
public record DeployCancelling(DeployId deployId, ServiceName service, Version version, String requestedBy,
		String reason, Instant at) implements DeployStep {

	public DeployCancelling {
		Objects.requireNonNull(deployId, "deployId is required");
		Objects.requireNonNull(service, "service is required");
		Objects.requireNonNull(version, "version is required");
		Objects.requireNonNull(at, "at is required");
		requestedBy = (requestedBy != null) ? requestedBy : "";
		reason = (reason != null) ? reason : "";
	}

}
