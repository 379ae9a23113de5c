package dev.baton.health.probe;

import java.time.Duration;
import java.util.Objects;
import java.util.regex.Pattern;

/**
 * How one service's instances are probed.
 *
 * @param interval time between probes in steady state
 * @param timeout how long one probe may take before it counts as failed
 * @param rise successes in a row that make an instance healthy
 * @param fall failures in a row that make an instance unhealthy
 * @param fastInterval time between probes right after a deploy restarted the instance
 * @param versionField the JSON field holding the version, dotted for nesting
 * ({@code build.version})
 * @param versionPattern finds the version in a text body; its group {@code version} (or
 * else group 1) is the version
 */
public record ProbeSettings(Duration interval, Duration timeout, int rise, int fall, Duration fastInterval,
		String versionField, Pattern versionPattern) {

	public ProbeSettings {
		requirePositive("interval", interval);
		requirePositive("timeout", timeout);
		requirePositive("fastInterval", fastInterval);
		if (rise < 1 || fall < 1) {
			throw new IllegalArgumentException("rise and fall must be at least 1, got " + rise + " and " + fall);
		}
		if (versionField == null || versionField.isBlank()) {
			throw new IllegalArgumentException("versionField must not be blank");
		}
		Objects.requireNonNull(versionPattern, "versionPattern is required");
	}

	private static void requirePositive(String name, Duration value) {
		if (value == null || value.isNegative() || value.isZero()) {
			throw new IllegalArgumentException(name + " must be positive, got " + value);
		}
	}

}
