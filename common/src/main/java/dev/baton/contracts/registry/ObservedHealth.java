package dev.baton.contracts.registry;

import java.time.Instant;
import java.util.Objects;

import dev.baton.contracts.Version;
import dev.baton.contracts.health.HealthStatus;

/**
 * The last verdict the registry saw for an instance.
 *
 * @param status healthy or not
 * @param version the version the instance reported, absent when it reported none
 * @param reason why it was unhealthy; empty when healthy
 * @param probedAt when the probe behind the verdict ran
 */
public record ObservedHealth(HealthStatus status, Version version, String reason, Instant probedAt) {

	public ObservedHealth {
		Objects.requireNonNull(status, "status is required");
		Objects.requireNonNull(probedAt, "probedAt is required");
		reason = (reason != null) ? reason : "";
	}

}
