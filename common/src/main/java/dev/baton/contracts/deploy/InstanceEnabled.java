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
 * @param weight the weight its DEPLOY gate opened at: below 100 for a canary, 100 (also
 * when absent) for a full peer
 */
public record InstanceEnabled(DeployId deployId, ServiceName service, InstanceId instanceId, DeployPhase phase,
		List<NodeId> nodes, Instant at, Integer weight) implements DeployStep {

	public InstanceEnabled {
		Objects.requireNonNull(deployId, "deployId is required");
		Objects.requireNonNull(service, "service is required");
		Objects.requireNonNull(instanceId, "instanceId is required");
		Objects.requireNonNull(phase, "phase is required");
		Objects.requireNonNull(at, "at is required");
		nodes = (nodes != null) ? List.copyOf(nodes) : List.of();
		weight = (weight != null) ? weight : 100;
		if (weight < 1 || weight > 100) {
			throw new IllegalArgumentException("weight must be 1-100, got " + weight);
		}
	}

	/**
	 * An instance back in rotation at full weight.
	 */
	public InstanceEnabled(DeployId deployId, ServiceName service, InstanceId instanceId, DeployPhase phase,
			List<NodeId> nodes, Instant at) {
		this(deployId, service, instanceId, phase, nodes, at, 100);
	}

}
