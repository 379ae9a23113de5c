package dev.baton.contracts.registry;

import java.time.Instant;
import java.util.Objects;

import dev.baton.contracts.RecordPosition;
import dev.baton.contracts.Version;
import dev.baton.contracts.health.HealthStatus;

/**
 * The last verdict the registry saw for an instance.
 *
 * @param status healthy or not
 * @param version the version the instance reported, absent when it reported none
 * @param reason why it was unhealthy; empty when healthy
 * @param probedAt when the probe behind the verdict ran, on the prober's clock: for
 * people, never for ordering verdicts
 * @param position where the verdict lies on {@code health.verdicts}, which orders an
 * instance's verdicts; absent on a snapshot written before positions were kept
 */
public record ObservedHealth(HealthStatus status, Version version, String reason, Instant probedAt,
		RecordPosition position) {

	public ObservedHealth {
		Objects.requireNonNull(status, "status is required");
		Objects.requireNonNull(probedAt, "probedAt is required");
		reason = (reason != null) ? reason : "";
	}

	/**
	 * A verdict whose position is not known, as a snapshot written before positions were
	 * kept holds it.
	 */
	public ObservedHealth(HealthStatus status, Version version, String reason, Instant probedAt) {
		this(status, version, reason, probedAt, null);
	}

}
