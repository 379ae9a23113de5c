package dev.baton.contracts.deploy;

import java.time.Instant;
import java.util.List;
import java.util.Objects;

import dev.baton.contracts.DeployId;
import dev.baton.contracts.InstanceId;
import dev.baton.contracts.NodeId;
import dev.baton.contracts.ServiceName;

/**
 * The DEPLOY gate is open again and every live node reported the peer up.
 *
 * @param deployId the deploy
 * @param service the service
 * @param instanceId the instance
 * @param phase rollout or rollback
 * @param nodes the nodes that confirmed
 * @param at when the last confirmation arrived
 */
public record InstanceEnabled(DeployId deployId, ServiceName service, InstanceId instanceId, DeployPhase phase,
		List<NodeId> nodes, Instant at) implements DeployStep {

	public InstanceEnabled {
		Objects.requireNonNull(deployId, "deployId is required");
		Objects.requireNonNull(service, "service is required");
		Objects.requireNonNull(instanceId, "instanceId is required");
		Objects.requireNonNull(phase, "phase is required");
		Objects.requireNonNull(at, "at is required");
		nodes = (nodes != null) ? List.copyOf(nodes) : List.of();
	}

}
