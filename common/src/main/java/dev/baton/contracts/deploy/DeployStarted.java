package dev.baton.contracts.deploy;

import java.time.Instant;
import java.util.List;
import java.util.Map;
import java.util.Objects;

import dev.baton.contracts.DeployId;
import dev.baton.contracts.InstanceId;
import dev.baton.contracts.ServiceName;
import dev.baton.contracts.Version;

/**
 * A deploy was accepted and planned.
 *
 * @param deployId the deploy
 * @param service the service
 * @param version the requested version
 * @param batches the instances, in the order and groups they will be rolled
 * @param previousVersions what each instance ran before, which rollback restores
 * @param requestedBy who asked
 * @param at when
 * @param strategy how the instances are replaced; rolling when absent
 * @param bakeMillis the bake after each batch (the canary's included), 0 for none; a
 * deploy resumed after a restart bakes as it started
 * @param canaryPercent the first batch's canary share of the traffic, in percent; 0 for
 * no canary
 * @param rollback whether it was requested as a rollback ({@link RollbackDeploy}) to the
 * version before the last succeeded one
 */
public record DeployStarted(DeployId deployId, ServiceName service, Version version, List<List<InstanceId>> batches,
		Map<InstanceId, Version> previousVersions, String requestedBy, Instant at, DeployStrategy strategy,
		long bakeMillis, int canaryPercent, boolean rollback) implements DeployStep {

	public DeployStarted {
		Objects.requireNonNull(deployId, "deployId is required");
		Objects.requireNonNull(service, "service is required");
		Objects.requireNonNull(version, "version is required");
		Objects.requireNonNull(at, "at is required");
		batches = (batches != null) ? batches.stream().map(List::copyOf).toList() : List.of();
		previousVersions = (previousVersions != null) ? Map.copyOf(previousVersions) : Map.of();
		requestedBy = (requestedBy != null) ? requestedBy : "";
		strategy = (strategy != null) ? strategy : DeployStrategy.ROLLING;
		if (bakeMillis < 0) {
			throw new IllegalArgumentException("bakeMillis must be 0 or more, got " + bakeMillis);
		}
		if (canaryPercent < 0 || canaryPercent > DeployRequested.MAX_CANARY_PERCENT) {
			throw new IllegalArgumentException("canaryPercent must be 0 (none) or 1-"
					+ DeployRequested.MAX_CANARY_PERCENT + ", got " + canaryPercent);
		}
	}

	/**
	 * A deploy without bake or canary.
	 */
	public DeployStarted(DeployId deployId, ServiceName service, Version version, List<List<InstanceId>> batches,
			Map<InstanceId, Version> previousVersions, String requestedBy, Instant at, DeployStrategy strategy) {
		this(deployId, service, version, batches, previousVersions, requestedBy, at, strategy, 0, 0, false);
	}

	/**
	 * A rolling deploy.
	 */
	public DeployStarted(DeployId deployId, ServiceName service, Version version, List<List<InstanceId>> batches,
			Map<InstanceId, Version> previousVersions, String requestedBy, Instant at) {
		this(deployId, service, version, batches, previousVersions, requestedBy, at, DeployStrategy.ROLLING);
	}

}
