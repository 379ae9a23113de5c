package dev.baton.contracts.deploy;

import java.time.Instant;
import java.util.List;
import java.util.Objects;

import dev.baton.contracts.DeployId;
import dev.baton.contracts.InstanceId;
import dev.baton.contracts.ServiceName;
import dev.baton.contracts.Version;

/**
 * A deploy failed or was cancelled; the instances it touched were rolled back.
 *
 * @param deployId the deploy
 * @param service the service
 * @param version the version that was requested
 * @param reason what went wrong first
 * @param rolledBack the instances put back on their previous version, newest first
 * @param rollbackMillis from the failure to the last instance enabled again
 * @param at when
 */
public record DeployFailed(DeployId deployId, ServiceName service, Version version, String reason,
		List<InstanceId> rolledBack, long rollbackMillis, Instant at) implements DeployStep {

	public DeployFailed {
		Objects.requireNonNull(deployId, "deployId is required");
		Objects.requireNonNull(service, "service is required");
		Objects.requireNonNull(version, "version is required");
		Objects.requireNonNull(reason, "reason is required");
		Objects.requireNonNull(at, "at is required");
		rolledBack = (rolledBack != null) ? List.copyOf(rolledBack) : List.of();
	}

}
