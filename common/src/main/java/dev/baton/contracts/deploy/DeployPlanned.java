package dev.baton.contracts.deploy;

import java.time.Instant;
import java.util.List;
import java.util.Map;
import java.util.Objects;

import dev.baton.contracts.DeployId;
import dev.baton.contracts.InstanceId;
import dev.baton.contracts.NodeId;
import dev.baton.contracts.ServiceName;
import dev.baton.contracts.Version;

/**
 * The answer to a dry run ({@code DeployRequested.dryRun}): what the deploy would do now,
 * had it been requested for real. Nothing was touched, and the deploy id is used up.
 *
 * @param deployId the dry run's id
 * @param service the service
 * @param version the requested version
 * @param strategy rolling or surge
 * @param batches the instances, in the order and groups they would be rolled
 * @param previousVersions what each instance runs now, which a rollback would restore
 * @param nodes the nginx nodes that would have to confirm each drain
 * @param bakeMillis the bake after each batch (the canary's included), 0 for none
 * @param canary the first batch's canary share, or null for no canary
 * @param steps the steps, one line each, as a person reads them
 * @param requestedBy who asked
 * @param at when
 */
public record DeployPlanned(DeployId deployId, ServiceName service, Version version, DeployStrategy strategy,
		List<List<InstanceId>> batches, Map<InstanceId, Version> previousVersions, List<NodeId> nodes, long bakeMillis,
		CanaryShare canary, List<String> steps, String requestedBy, Instant at) implements DeployStep {

	public DeployPlanned {
		Objects.requireNonNull(deployId, "deployId is required");
		Objects.requireNonNull(service, "service is required");
		Objects.requireNonNull(version, "version is required");
		Objects.requireNonNull(at, "at is required");
		strategy = (strategy != null) ? strategy : DeployStrategy.ROLLING;
		batches = (batches != null) ? batches.stream().map(List::copyOf).toList() : List.of();
		previousVersions = (previousVersions != null) ? Map.copyOf(previousVersions) : Map.of();
		nodes = (nodes != null) ? List.copyOf(nodes) : List.of();
		steps = (steps != null) ? List.copyOf(steps) : List.of();
		requestedBy = (requestedBy != null) ? requestedBy : "";
	}

}
