package dev.baton.contracts.deploy;

import java.time.Instant;
import java.util.Objects;

import dev.baton.contracts.DeployId;
import dev.baton.contracts.InstanceId;
import dev.baton.contracts.ServiceName;

/**
 * A surge deploy finished one replacement: the new instance is verified and up in every
 * nginx, and the old one was drained by every node, stopped and deregistered.
 *
 * @param deployId the deploy
 * @param service the service
 * @param instanceId the old instance, now gone
 * @param replacedBy the new instance
 * @param at when
 */
public record InstanceReplaced(DeployId deployId, ServiceName service, InstanceId instanceId, InstanceId replacedBy,
		Instant at) implements DeployStep {

	public InstanceReplaced {
		Objects.requireNonNull(deployId, "deployId is required");
		Objects.requireNonNull(service, "service is required");
		Objects.requireNonNull(instanceId, "instanceId is required");
		Objects.requireNonNull(replacedBy, "replacedBy is required");
		Objects.requireNonNull(at, "at is required");
	}

}
