package dev.baton.health.config;

import java.util.HashMap;
import java.util.Map;
import java.util.function.Function;

import dev.baton.contracts.ServiceName;
import dev.baton.health.config.HealthProperties.Probe;
import dev.baton.health.config.HealthProperties.ServiceProbe;
import dev.baton.health.probe.ProbeSettings;

/**
 * Resolves each service's probe settings once, at start-up, so a bad override stops the
 * service naming it instead of failing later in the probe loop.
 */
final class ServiceProbeSettings implements Function<ServiceName, ProbeSettings> {

	private final ProbeSettings defaults;

	private final Map<ServiceName, ProbeSettings> byService = new HashMap<>();

	ServiceProbeSettings(HealthProperties properties) {
		Probe probe = properties.probe();
		this.defaults = new ProbeSettings(probe.interval(), probe.timeout(), probe.rise(), probe.fall(),
				probe.fastInterval(), probe.versionField(),
				HealthProperties.compile("baton.health.probe.version-pattern", probe.versionPattern()));
		properties.services()
			.forEach((name, overrides) -> this.byService.put(ServiceName.of(name), merge(name, overrides)));
	}

	private ProbeSettings merge(String name, ServiceProbe overrides) {
		String pattern = (overrides.versionPattern() != null) ? overrides.versionPattern()
				: this.defaults.versionPattern().pattern();
		try {
			return new ProbeSettings(or(overrides.interval(), this.defaults.interval()),
					or(overrides.timeout(), this.defaults.timeout()), or(overrides.rise(), this.defaults.rise()),
					or(overrides.fall(), this.defaults.fall()),
					or(overrides.fastInterval(), this.defaults.fastInterval()),
					or(overrides.versionField(), this.defaults.versionField()),
					HealthProperties.compile("baton.health.services." + name + ".version-pattern", pattern));
		}
		catch (IllegalArgumentException ex) {
			throw new IllegalArgumentException("baton.health.services." + name + ": " + ex.getMessage());
		}
	}

	private static <T> T or(T value, T fallback) {
		return (value != null) ? value : fallback;
	}

	@Override
	public ProbeSettings apply(ServiceName service) {
		return this.byService.getOrDefault(service, this.defaults);
	}

}
