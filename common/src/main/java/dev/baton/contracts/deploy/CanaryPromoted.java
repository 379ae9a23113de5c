package dev.baton.contracts.deploy;

import java.time.Instant;
import java.util.List;
import java.util.Objects;

import dev.baton.contracts.DeployId;
import dev.baton.contracts.InstanceId;
import dev.baton.contracts.ServiceName;
import dev.baton.contracts.Version;

/**
 * A canary passed its bake: on the record before its peers are raised to full weight
 * (each confirmed by an {@link InstanceEnabled} at weight 100) and the deploy goes on.
 *
 * <pre>
 * {"type":"CanaryPromoted","deployId":"ci-4711","service":"orders","version":"v2","instances":["orders-1"],
 *  "canary":{"requests":1180,"serverErrors":0,"connectFailures":0,"p99Millis":21},
 *  "baseline":{"requests":10630,"serverErrors":2,"connectFailures":0,"p99Millis":19},
 *  "reason":"...","at":"2026-12-01T10:01:00Z"}
 * </pre>
 *
 * @param deployId the deploy
 * @param service the service
 * @param version the canary's version
 * @param instances the canary's instances
 * @param canary what the nginx nodes saw of the canary over the bake
 * @param baseline what they saw of the old version's peers over the same time
 * @param reason the judgement, in words
 * @param at when
 */
public record CanaryPromoted(DeployId deployId, ServiceName service, Version version, List<InstanceId> instances,
		PeerFigures canary, PeerFigures baseline, String reason, Instant at) implements DeployStep {

	public CanaryPromoted {
		Objects.requireNonNull(deployId, "deployId is required");
		Objects.requireNonNull(service, "service is required");
		Objects.requireNonNull(version, "version is required");
		Objects.requireNonNull(canary, "canary is required");
		Objects.requireNonNull(baseline, "baseline is required");
		Objects.requireNonNull(at, "at is required");
		instances = (instances != null) ? List.copyOf(instances) : List.of();
		reason = (reason != null) ? reason : "";
	}

}
