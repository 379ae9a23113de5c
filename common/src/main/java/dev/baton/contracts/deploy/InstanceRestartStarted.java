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
 * The deployer is about to run the runtime's commands that restart a drained instance.
 * health-service probes it fast from here on, so the verdict is ready about when the
 * instance is: a healthy answer counts only once a probe has found nothing listening (the
 * old process gone). {@link InstanceRestarted} with the same {@code stepId} follows.
 *
 * @param deployId the deploy
 * @param service the service
 * @param instanceId the instance
 * @param host the instance's host, so health-service can probe it at once
 * @param port the instance's port
 * @param phase rollout or rollback
 * @param stepId identifies this restart; the confirming verdict names it
 * @param version the version the instance is restarted on
 * @param healthTimeoutMillis how long health-service should probe fast
 * @param at when the restart began
 */
public record InstanceRestartStarted(DeployId deployId, ServiceName service, InstanceId instanceId, String host,
		int port, DeployPhase phase, StepId stepId, Version version, long healthTimeoutMillis,
		Instant at) implements DeployStep, EndpointFields {

	public InstanceRestartStarted {
		Objects.requireNonNull(deployId, "deployId is required");
		Objects.requireNonNull(service, "service is required");
		Objects.requireNonNull(instanceId, "instanceId is required");
		Objects.requireNonNull(phase, "phase is required");
		Objects.requireNonNull(stepId, "stepId is required");
		Objects.requireNonNull(version, "version is required");
		Objects.requireNonNull(at, "at is required");
		Endpoint.requireValid(host, port);
	}

}
