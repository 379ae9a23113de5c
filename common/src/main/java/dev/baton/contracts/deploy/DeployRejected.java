package dev.baton.contracts.deploy;

import java.time.Instant;
import java.util.Objects;

import dev.baton.contracts.DeployId;
import dev.baton.contracts.ServiceName;

/**
 * A deploy request was refused before anything was touched.
 *
 * @param deployId the request's deploy id
 * @param service the service it named
 * @param reason why it was refused
 * @param at when
 */
public record DeployRejected(DeployId deployId, ServiceName service, String reason, Instant at) implements DeployStep {

	public DeployRejected {
		Objects.requireNonNull(deployId, "deployId is required");
		Objects.requireNonNull(service, "service is required");
		Objects.requireNonNull(reason, "reason is required");
		Objects.requireNonNull(at, "at is required");
	}

}
