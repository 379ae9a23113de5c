package dev.baton.contracts.deploy;

import java.time.Instant;
import java.util.List;
import java.util.Objects;

import dev.baton.contracts.DeployId;
import dev.baton.contracts.InstanceId;
import dev.baton.contracts.ServiceName;
import dev.baton.contracts.Version;

/**
 * A deploy failed, was cancelled or was superseded; the instances it touched were rolled
 * back, except those it could not verify, which stay out of rotation.
 *
 * @param deployId the deploy
 * @param service the service
 * @param version the version that was requested
 * @param reason what went wrong first
 * @param rolledBack the instances put back on their previous version, newest first
 * @param rollbackMillis from the failure to the last instance enabled again
 * @param at when
 * @param keptOut the instances left out of rotation (DEPLOY gate closed): not verified on
 * any version, or never confirmed drained by every node
 */
public record DeployFailed(DeployId deployId, ServiceName service, Version version, String reason,
		List<InstanceId> rolledBack, long rollbackMillis, Instant at, List<InstanceId> keptOut) implements DeployStep {

	public DeployFailed {
		Objects.requireNonNull(deployId, "deployId is required");
		Objects.requireNonNull(service, "service is required");
		Objects.requireNonNull(version, "version is required");
		Objects.requireNonNull(reason, "reason is required");
		Objects.requireNonNull(at, "at is required");
		rolledBack = (rolledBack != null) ? List.copyOf(rolledBack) : List.of();
		keptOut = (keptOut != null) ? List.copyOf(keptOut) : List.of();
	}

	/**
	 * A failure that left every instance it touched in rotation.
	 */
	public DeployFailed(DeployId deployId, ServiceName service, Version version, String reason,
			List<InstanceId> rolledBack, long rollbackMillis, Instant at) {
		this(deployId, service, version, reason, rolledBack, rollbackMillis, at, List.of());
	}

}
