package dev.baton.contracts.deploy;

import java.time.Instant;
import java.util.List;
import java.util.Objects;

import dev.baton.contracts.DeployId;
import dev.baton.contracts.InstanceId;
import dev.baton.contracts.ServiceName;
import dev.baton.contracts.Version;

/**
 * A plain bake (no canary) ran its time; the deploy goes on to its next batch.
 *
 * @param deployId the deploy
 * @param service the service
 * @param version the version the batch runs
 * @param instances the batch's instances
 * @param at when
 */
public record BakeEnded(DeployId deployId, ServiceName service, Version version, List<InstanceId> instances,
		Instant at) implements DeployStep {

	public BakeEnded {
		Objects.requireNonNull(deployId, "deployId is required");
		Objects.requireNonNull(service, "service is required");
		Objects.requireNonNull(version, "version is required");
		Objects.requireNonNull(at, "at is required");
		instances = (instances != null) ? List.copyOf(instances) : List.of();
	}

}
