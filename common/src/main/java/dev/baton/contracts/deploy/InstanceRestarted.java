package dev.baton.contracts.deploy;

import java.time.Instant;
import java.util.Objects;

import dev.baton.contracts.DeployId;
import dev.baton.contracts.Endpoint;
import dev.baton.contracts.EndpointFields;
import dev.baton.contracts.InstanceId;
import dev.baton.contracts.ServiceName;
import dev.baton.contracts.StepId;
import dev.baton.contracts.Version;

/**
 * The runtime restarted an instance on a version. It ends the
 * {@link InstanceRestartStarted} step of the same {@code stepId}: from here on any
 * healthy answer counts, and the verdict that confirms the restart names that step.
 *
 * @param deployId the deploy
 * @param service the service
 * @param instanceId the instance
 * @param host the instance's host, so health-service can probe it at once
 * @param port the instance's port
 * @param phase rollout or rollback
 * @param stepId identifies this restart; the confirming verdict names it
 * @param version the version the instance was restarted on
 * @param exitCode the restart command's exit code
 * @param stderr the end of the restart command's standard error
 * @param healthTimeoutMillis how long health-service should probe fast
 * @param at when the restart command ended
 */
public record InstanceRestarted(DeployId deployId, ServiceName service, InstanceId instanceId, String host, int port,
		DeployPhase phase, StepId stepId, Version version, int exitCode, String stderr, long healthTimeoutMillis,
		Instant at) implements DeployStep, EndpointFields {

	public InstanceRestarted {
		Objects.requireNonNull(deployId, "deployId is required");
		Objects.requireNonNull(service, "service is required");
		Objects.requireNonNull(instanceId, "instanceId is required");
		Objects.requireNonNull(phase, "phase is required");
		Objects.requireNonNull(stepId, "stepId is required");
		Objects.requireNonNull(version, "version is required");
		Objects.requireNonNull(at, "at is required");
		Endpoint.requireValid(host, port);
		stderr = (stderr != null) ? stderr : "";
	}

}
