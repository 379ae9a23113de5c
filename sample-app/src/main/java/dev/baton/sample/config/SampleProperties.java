package dev.baton.sample.config;

import java.time.Duration;

import org.springframework.boot.context.properties.ConfigurationProperties;
import org.springframework.boot.context.properties.bind.DefaultValue;

import dev.baton.contracts.Version;

/**
 * What the sample app pretends to be. Checked in the compact constructor rather than by
 * Bean Validation, which would add to every start-up the demo's deploy time counts.
 *
 * @param version the version it reports on {@code /health}; required (on the command
 * line, or in {@code release.properties} in the working directory)
 * @param startupDelay extra start-up time, spent before the web server listens
 * @param workPerRequest how long {@code GET /work} and {@code POST /orders} take, as if
 * waiting on a database
 * @param crashOnStart play the broken release: exit with status 1 during start, before
 * the web server listens and before registering
 * @param failureRate play the flaky release: the share of {@code /work} and
 * {@code /orders} requests answered 500 (0 to 1), while {@code /health} stays healthy and
 * reports the version
 */
@ConfigurationProperties("sample")
public record SampleProperties(Version version, @DefaultValue("0s") Duration startupDelay,
		@DefaultValue("20ms") Duration workPerRequest, @DefaultValue("false") boolean crashOnStart,
		@DefaultValue("0") double failureRate) {

	private static final Duration MAX = Duration.ofMinutes(1);

	public SampleProperties {
		if (version == null) {
			throw new IllegalArgumentException("sample.version is required (e.g. --sample.version=v1)");
		}
		requireWithin("sample.startup-delay", startupDelay);
		requireWithin("sample.work-per-request", workPerRequest);
		if (!(failureRate >= 0 && failureRate <= 1)) {
			throw new IllegalArgumentException("sample.failure-rate must be 0 to 1, got " + failureRate);
		}
	}

	private static void requireWithin(String property, Duration value) {
		if (value == null || value.isNegative() || value.compareTo(MAX) > 0) {
			throw new IllegalArgumentException(property + " must be 0 to 1m, got " + value);
		}
	}

}
