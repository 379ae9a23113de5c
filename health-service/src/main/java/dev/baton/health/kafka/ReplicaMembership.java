package dev.baton.health.kafka;

import java.time.Duration;
import java.util.Objects;

/**
 * How this replica belongs to the group that shares the registry's partitions: as a
 * static member, so that the same replica started again (after a crash, say) takes its
 * partitions back at once instead of after its dead self's session, and with a short
 * session so that a replica gone for good hands its partitions over soon.
 *
 * @param instanceId the stable {@code group.instance.id}, the same on every start of this
 * replica and different for every other replica
 * @param sessionTimeout how long the group waits for a silent member
 */
public record ReplicaMembership(String instanceId, Duration sessionTimeout) {

	public ReplicaMembership {
		Objects.requireNonNull(sessionTimeout, "sessionTimeout is required");
		if (instanceId == null || instanceId.isBlank()) {
			throw new IllegalArgumentException("a replica needs an id");
		}
	}

}
