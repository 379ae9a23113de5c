package dev.baton.health.probe;

import java.time.Instant;
import java.util.Objects;

import dev.baton.contracts.Version;

/**
 * The result of one probe.
 *
 * @param success whether the instance answered 2xx
 * @param version the version it reported; absent on failure or when none was found
 * @param reason why the probe failed ({@code 503}, {@code timeout}, {@code refused},
 * {@code reset}, ...); empty on success
 * @param latencyMillis how long the probe took
 * @param probedAt when the probe started
 */
public record ProbeOutcome(boolean success, Version version, String reason, long latencyMillis, Instant probedAt) {

	/** The reason of a probe that found nothing listening at the instance's address. */
	public static final String REFUSED = "refused";

	public ProbeOutcome {
		Objects.requireNonNull(probedAt, "probedAt is required");
		reason = (reason != null) ? reason : "";
	}

	/**
	 * Whether nothing was listening: the process that served the address is gone.
	 * @return true for a refused connection
	 */
	public boolean refused() {
		return !this.success && REFUSED.equals(this.reason);
	}

	public static ProbeOutcome success(Version version, long latencyMillis, Instant probedAt) {
		return new ProbeOutcome(true, version, "", latencyMillis, probedAt);
	}

	public static ProbeOutcome failure(String reason, long latencyMillis, Instant probedAt) {
		return new ProbeOutcome(false, null, reason, latencyMillis, probedAt);
	}

}
