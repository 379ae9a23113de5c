package dev.baton.registry.versions;

import java.util.Objects;
import java.util.Set;

import dev.baton.contracts.Version;

/**
 * How a service's versions are checked, as configured.
 *
 * @param guarded whether an instance reporting a version the service does not expect is
 * kept out of rotation
 * @param configured the versions expected while no deploy of the service is on record;
 * when empty, any version is
 */
public record VersionPolicy(boolean guarded, Set<Version> configured) {

	/** Guarded, expecting any version until a deploy is on record. */
	public static final VersionPolicy DEFAULT = new VersionPolicy(true, Set.of());

	public VersionPolicy {
		configured = Set.copyOf(Objects.requireNonNull(configured, "configured versions are required"));
	}

}
