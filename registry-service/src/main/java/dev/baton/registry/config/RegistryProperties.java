package dev.baton.registry.config;

import java.nio.file.Path;
import java.time.Duration;
import java.util.HashMap;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Map;
import java.util.Set;

import jakarta.validation.Valid;
import jakarta.validation.constraints.NotNull;

import org.springframework.boot.context.properties.ConfigurationProperties;
import org.springframework.boot.context.properties.bind.DefaultValue;
import org.springframework.validation.annotation.Validated;

import dev.baton.contracts.ServiceName;
import dev.baton.contracts.Version;
import dev.baton.registry.lifecycle.AllowedEndpoints;
import dev.baton.registry.versions.VersionPolicy;

/**
 * registry-service's settings.
 *
 * @param admin the REST admin API
 * @param services per-service policies, by service name
 * @param departure how an online instance that is deregistered is drained first
 */
@Validated
@ConfigurationProperties("baton.registry")
public record RegistryProperties(@NotNull @Valid Admin admin, Map<String, ServiceSettings> services,
		@DefaultValue Departure departure) {

	public RegistryProperties {
		services = (services != null) ? Map.copyOf(services) : Map.of();
		services.keySet().forEach(ServiceName::of);
		departure = (departure != null) ? departure : new Departure(null, null);
	}

	/**
	 * An online instance that is deregistered leaves rotation at once and leaves the
	 * registry once every live nginx node confirmed it drained; a drain not confirmed in
	 * time leaves it out of rotation, registered, until it is deregistered again.
	 *
	 * @param drainTimeout how long the nodes have to drain it, carried in the closing
	 * command
	 * @param nodeExpiry how long an nginx node that stopped sending heartbeats is still
	 * waited for (an nginx-control that died does not mean its nginx stopped routing)
	 */
	public record Departure(@DefaultValue("30s") Duration drainTimeout, @DefaultValue("10m") Duration nodeExpiry) {

		public Departure {
			drainTimeout = (drainTimeout != null) ? drainTimeout : Duration.ofSeconds(30);
			nodeExpiry = (nodeExpiry != null) ? nodeExpiry : Duration.ofMinutes(10);
			if (drainTimeout.isNegative() || drainTimeout.isZero() || nodeExpiry.isNegative() || nodeExpiry.isZero()) {
				throw new IllegalArgumentException("baton.registry.departure.drain-timeout and node-expiry must be"
						+ " positive, got " + drainTimeout + " and " + nodeExpiry);
			}
		}

	}

	/**
	 * Whether a service's instances go online without an operator.
	 * @param service the service
	 * @return true where {@code baton.registry.services.<name>.auto-online=true}
	 */
	boolean autoOnline(ServiceName service) {
		ServiceSettings policy = this.services.get(service.value());
		return policy != null && policy.autoOnline();
	}

	/**
	 * Exactly one of {@code token} and {@code tokenFile} is set (see {@link AdminToken}).
	 *
	 * @param token the bearer token every admin call must carry; at least 16 characters
	 * @param tokenFile a file holding that token, readable by its owner only, so the
	 * token appears on no command line
	 * @param applyTimeout how long a REST call waits for its message to be applied before
	 * answering 202
	 */
	public record Admin(String token, Path tokenFile, @DefaultValue("5s") Duration applyTimeout) {

		/** Leaves the token out, wherever the settings are printed. */
		@Override
		public String toString() {
			return "Admin[token=" + ((this.token != null && !this.token.isBlank()) ? "(set)" : "(not set)")
					+ ", tokenFile=" + this.tokenFile + ", applyTimeout=" + this.applyTimeout + "]";
		}

	}

	/**
	 * Where each service's instances may register, parsed once: a registration is checked
	 * against it without parsing the lists again.
	 * @return per service with allow-lists, its rule
	 */
	Map<ServiceName, AllowedEndpoints> allowedEndpoints() {
		Map<ServiceName, AllowedEndpoints> allowed = new HashMap<>();
		this.services.forEach((name, policy) -> allowed.put(ServiceName.of(name),
				AllowedEndpoints.of(policy.allowedHosts(), policy.allowedPorts())));
		return Map.copyOf(allowed);
	}

	/**
	 * How each service's versions are checked, parsed once.
	 * @return per configured service, its policy; others have
	 * {@link VersionPolicy#DEFAULT}
	 */
	Map<ServiceName, VersionPolicy> versionPolicies() {
		Map<ServiceName, VersionPolicy> policies = new HashMap<>();
		this.services.forEach((name, policy) -> policies.put(ServiceName.of(name), policy.versionPolicy()));
		return Map.copyOf(policies);
	}

	/**
	 * @param autoOnline whether instances go online on their first healthy verdict
	 * @param allowedHosts where its instances may listen: CIDR blocks, IP literals or DNS
	 * names; any when empty
	 * @param allowedPorts the ports they may listen on, or ranges ({@code 9001-9009});
	 * any when empty
	 * @param versionGuard whether an instance reporting a version the service does not
	 * expect is kept out of rotation (its HEALTH gate closed)
	 * @param expectedVersions the versions expected while no deploy of the service is on
	 * record; any when empty
	 */
	public record ServiceSettings(boolean autoOnline, @DefaultValue List<String> allowedHosts,
			@DefaultValue List<String> allowedPorts, @DefaultValue("true") boolean versionGuard,
			@DefaultValue List<String> expectedVersions) {

		public ServiceSettings {
			allowedHosts = (allowedHosts != null) ? List.copyOf(allowedHosts) : List.of();
			allowedPorts = (allowedPorts != null) ? List.copyOf(allowedPorts) : List.of();
			expectedVersions = (expectedVersions != null) ? List.copyOf(expectedVersions) : List.of();
			AllowedEndpoints.of(allowedHosts, allowedPorts);
			versions(expectedVersions);
		}

		VersionPolicy versionPolicy() {
			return new VersionPolicy(this.versionGuard, versions(this.expectedVersions));
		}

		private static Set<Version> versions(List<String> entries) {
			Set<Version> versions = new LinkedHashSet<>();
			for (String entry : entries) {
				try {
					versions.add(Version.of(entry.strip()));
				}
				catch (IllegalArgumentException ex) {
					throw new IllegalArgumentException("expected-versions: " + ex.getMessage(), ex);
				}
			}
			return versions;
		}

	}

}
