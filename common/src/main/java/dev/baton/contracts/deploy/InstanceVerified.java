package dev.baton.contracts.deploy;

import java.time.Instant;
import java.util.Objects;

import dev.baton.contracts.DeployId;
import dev.baton.contracts.InstanceId;
import dev.baton.contracts.ServiceName;
import dev.baton.contracts.StepId;
import dev.baton.contracts.Version;

/**
 * A restarted instance answered healthy and reported the expected version.
 *
 * @param deployId the deploy
 * @param service the service
 * @param instanceId the instance
 * @param phase rollout or rollback
 * @param stepId the restart this verifies
 * @param version the version the instance reported
 * @param at when the verdict arrived
 */
public record InstanceVerified(DeployId deployId, ServiceName service, InstanceId instanceId, DeployPhase phase,
		StepId stepId, Version version, Instant at) implements DeployStep {

	public InstanceVerified {
		Objects.requireNonNull(deployId, "deployId is required");
		Objects.requireNonNull(service, "service is required");
		Objects.requireNonNull(instanceId, "instanceId is required");
		Objects.requireNonNull(phase, "phase is required");
		Objects.requireNonNull(stepId, "stepId is required");
		Objects.requireNonNull(version, "version is required");
		Objects.requireNonNull(at, "at is required");
	}

}
