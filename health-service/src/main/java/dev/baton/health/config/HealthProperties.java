package dev.baton.health.config;

import java.time.Duration;
import java.util.Map;
import java.util.regex.Pattern;
import java.util.regex.PatternSyntaxException;

import jakarta.validation.Valid;
import jakarta.validation.constraints.Max;
import jakarta.validation.constraints.Min;
import jakarta.validation.constraints.NotBlank;
import jakarta.validation.constraints.NotNull;

import org.springframework.boot.context.properties.ConfigurationProperties;
import org.springframework.boot.context.properties.bind.DefaultValue;
import org.springframework.validation.annotation.Validated;

import dev.baton.contracts.ServiceName;

/**
 * health-service's settings, with defaults that run on one machine.
 *
 * @param probe how instances are probed unless their service says otherwise
 * @param services per-service overrides of {@code probe}, by service name
 * @param verdicts when verdicts are restated
 * @param replica this replica's identity and its share of the fleet
 */
@Validated
@ConfigurationProperties("baton.health")
public record HealthProperties(@Valid @DefaultValue Probe probe, Map<String, @Valid ServiceProbe> services,
		@Valid @DefaultValue VerdictSettings verdicts, @Valid @DefaultValue Replica replica) {

	public HealthProperties {
		services = (services != null) ? Map.copyOf(services) : Map.of();
		services.keySet().forEach(HealthProperties::requireServiceName);
		if (probe != null && replica != null && replica.stepsLookback().compareTo(probe.restartTimeout()) < 0) {
			throw new IllegalArgumentException("baton.health.replica.steps-lookback (" + replica.stepsLookback()
					+ ") must cover baton.health.probe.restart-timeout (" + probe.restartTimeout()
					+ "), or a restart step would be forgotten by a replica restarted during it");
		}
	}

	private static void requireServiceName(String name) {
		try {
			ServiceName.of(name);
		}
		catch (IllegalArgumentException ex) {
			// no cause: start-up failure reports show the root cause's message, which
			// must name the property
			throw new IllegalArgumentException("baton.health.services." + name + ": " + ex.getMessage());
		}
	}

	static Pattern compile(String property, String regex) {
		try {
			return Pattern.compile(regex);
		}
		catch (PatternSyntaxException ex) {
			throw new IllegalArgumentException(property + " is not a valid pattern: " + ex.getDescription());
		}
	}

	static void positive(String property, Duration value) {
		if (value != null && (value.isNegative() || value.isZero())) {
			throw new IllegalArgumentException(property + " must be positive, got " + value);
		}
	}

	/**
	 * Default probe settings.
	 *
	 * @param interval time between probes
	 * @param timeout how long a probe may take
	 * @param rise successes in a row that make an instance healthy
	 * @param fall failures in a row that make it unhealthy
	 * @param fastInterval time between probes after a deploy restarted an instance
	 * @param restartTimeout how long to probe fast when the restart step names no timeout
	 * @param versionField JSON field holding the version, dotted for nesting
	 * @param versionPattern finds the version in a text body (group {@code version})
	 * @param maxBodyBytes bytes of a health body read at most
	 * @param httpThreads threads completing probes; they never wait on the network
	 * @param httpClients HTTP clients instances are spread over, each with a selector
	 * thread and a connection pool; the JDK client's pool costs CPU in proportion to its
	 * size, so keep about 100 to 200 instances per client
	 */
	public record Probe(@DefaultValue("1s") @NotNull Duration interval,
			@DefaultValue("500ms") @NotNull Duration timeout, @DefaultValue("2") @Min(1) @Max(100) int rise,
			@DefaultValue("2") @Min(1) @Max(100) int fall, @DefaultValue("100ms") @NotNull Duration fastInterval,
			@DefaultValue("60s") @NotNull Duration restartTimeout,
			@DefaultValue("version") @NotBlank String versionField,
			@DefaultValue("(?i)^\\s*ok\\s+(?<version>[A-Za-z0-9][A-Za-z0-9._-]*)") @NotBlank String versionPattern,
			@DefaultValue("16384") @Min(64) @Max(1048576) int maxBodyBytes,
			@DefaultValue("2") @Min(1) @Max(64) int httpThreads, @DefaultValue("8") @Min(1) @Max(64) int httpClients) {

		public Probe {
			positive("baton.health.probe.interval", interval);
			positive("baton.health.probe.timeout", timeout);
			positive("baton.health.probe.fast-interval", fastInterval);
			positive("baton.health.probe.restart-timeout", restartTimeout);
			compile("baton.health.probe.version-pattern", versionPattern);
		}

	}

	/**
	 * One service's overrides; an absent value keeps the default.
	 *
	 * @param interval time between probes
	 * @param timeout how long a probe may take
	 * @param rise successes in a row that make an instance healthy
	 * @param fall failures in a row that make it unhealthy
	 * @param fastInterval time between probes after a restart
	 * @param versionField JSON field holding the version
	 * @param versionPattern finds the version in a text body
	 */
	public record ServiceProbe(Duration interval, Duration timeout, @Min(1) @Max(100) Integer rise,
			@Min(1) @Max(100) Integer fall, Duration fastInterval, String versionField, String versionPattern) {

		public ServiceProbe {
			positive("baton.health.services.*.interval", interval);
			positive("baton.health.services.*.timeout", timeout);
			positive("baton.health.services.*.fast-interval", fastInterval);
			if (versionPattern != null) {
				compile("baton.health.services.*.version-pattern", versionPattern);
			}
		}

	}

	/**
	 * @param restateInterval how often an unchanged verdict is published again, so a
	 * consumer that starts late learns the current truth
	 */
	public record VerdictSettings(@DefaultValue("30s") @NotNull Duration restateInterval) {

		public VerdictSettings {
			positive("baton.health.verdicts.restate-interval", restateInterval);
		}

	}

	/**
	 * @param name names this replica in the {@code Baton-Prober} header of its probes;
	 * empty means host name and process id
	 * @param id this replica's stable identity in the group that shares the registry's
	 * partitions ({@code group.instance.id}): the same on every start of this replica,
	 * unique among replicas; empty means the application name and the server port
	 * @param groupId the consumer group replicas share to split the registry's partitions
	 * @param sessionTimeout how long that group waits for a replica that went silent
	 * before handing its partitions to the others
	 * @param stepsLookback how far back restart steps are read at start, so a replica
	 * restarted during a deploy still answers the steps it owes: it must cover the
	 * longest restart (the runtime's commands plus the health timeout) of any deploy
	 */
	public record Replica(@DefaultValue("") String name, @DefaultValue("") String id,
			@DefaultValue("health-service") @NotBlank String groupId,
			@DefaultValue("10s") @NotNull Duration sessionTimeout,
			@DefaultValue("5m") @NotNull Duration stepsLookback) {

		public Replica {
			positive("baton.health.replica.session-timeout", sessionTimeout);
			positive("baton.health.replica.steps-lookback", stepsLookback);
		}

	}

}
