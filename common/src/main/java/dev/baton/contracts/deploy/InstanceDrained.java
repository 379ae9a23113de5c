package dev.baton.contracts.deploy;

import java.time.Instant;
import java.util.List;
import java.util.Objects;

import dev.baton.contracts.DeployId;
import dev.baton.contracts.InstanceId;
import dev.baton.contracts.NodeId;
import dev.baton.contracts.ServiceName;

/**
 * Every live nginx node reported the instance drained (or its drain timed out).
 *
 * @param deployId the deploy
 * @param service the service
 * @param instanceId the instance
 * @param phase rollout or rollback
 * @param nodes the nodes whose answers were awaited
 * @param timedOut whether any node reported a drain timeout instead
 * @param drainMillis from closing the gate to the last answer
 * @param at when
 */
public record InstanceDrained(DeployId deployId, ServiceName service, InstanceId instanceId, DeployPhase phase,
		List<NodeId> nodes, boolean timedOut, long drainMillis, Instant at) implements DeployStep {

	public InstanceDrained {
		Objects.requireNonNull(deployId, "deployId is required");
		Objects.requireNonNull(service, "service is required");
		Objects.requireNonNull(instanceId, "instanceId is required");
		Objects.requireNonNull(phase, "phase is required");
		Objects.requireNonNull(at, "at is required");
		nodes = (nodes != null) ? List.copyOf(nodes) : List.of();
	}

}
