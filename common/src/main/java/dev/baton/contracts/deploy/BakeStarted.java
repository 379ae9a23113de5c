package dev.baton.contracts.deploy;

import java.time.Instant;
import java.util.List;
import java.util.Objects;

import dev.baton.contracts.DeployId;
import dev.baton.contracts.InstanceId;
import dev.baton.contracts.ServiceName;
import dev.baton.contracts.Version;

/**
 * A batch is back in rotation on the new version and the deploy waits before the next
 * one: for {@code bakeMillis}, or, for a canary, until its figures decide (a clear
 * failure rolls back before the bake ends; a promotion waits for its end). On the record
 * before the wait begins; a deployer restarted during it bakes the batch again, in full.
 * {@link BakeEnded} or, for a canary, {@link CanaryPromoted} ends it.
 *
 * @param deployId the deploy
 * @param service the service
 * @param version the version the batch runs
 * @param instances the batch's instances on the new version
 * @param bakeMillis how long the bake lasts
 * @param canary for the first batch of a canary deploy, the canary's share; null for a
 * plain bake
 * @param at when the bake began
 */
public record BakeStarted(DeployId deployId, ServiceName service, Version version, List<InstanceId> instances,
		long bakeMillis, CanaryShare canary, Instant at) implements DeployStep {

	public BakeStarted {
		Objects.requireNonNull(deployId, "deployId is required");
		Objects.requireNonNull(service, "service is required");
		Objects.requireNonNull(version, "version is required");
		Objects.requireNonNull(at, "at is required");
		instances = (instances != null) ? List.copyOf(instances) : List.of();
		if (bakeMillis < 0) {
			throw new IllegalArgumentException("bakeMillis must be 0 or more, got " + bakeMillis);
		}
	}

}
