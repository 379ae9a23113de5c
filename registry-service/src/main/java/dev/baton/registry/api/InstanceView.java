package dev.baton.registry.api;

import java.time.Instant;
import java.util.Map;

import dev.baton.contracts.Gate;
import dev.baton.contracts.registry.InstanceSnapshot;
import dev.baton.contracts.registry.Lifecycle;
import dev.baton.contracts.registry.ObservedHealth;

/**
 * An instance as the admin API shows it.
 *
 * @param instanceId the instance
 * @param service its service
 * @param host its host
 * @param port its port
 * @param version the version it runs, as its latest accepted healthy verdict reported it
 * (the registered one before)
 * @param registeredVersion the version it registered with
 * @param lifecycle where it is in its life
 * @param gates the registry's gates and whether each is open
 * @param lastHealth the last verdict, or null before the first
 * @param versionRefusal why the HEALTH gate stays closed although the instance is
 * healthy: the version it reports is not one its service expects; empty otherwise
 * @param decidedBy who made the last operator decision
 * @param updatedAt when it last changed
 */
record InstanceView(String instanceId, String service, String host, int port, String version, String registeredVersion,
		Lifecycle lifecycle, Map<Gate, Boolean> gates, ObservedHealth lastHealth, String versionRefusal,
		String decidedBy, Instant updatedAt) {

	static InstanceView of(InstanceSnapshot snapshot) {
		return new InstanceView(snapshot.instanceId().value(), snapshot.service().value(), snapshot.host(),
				snapshot.port(), snapshot.version().value(), snapshot.registeredVersion().value(), snapshot.lifecycle(),
				Map.of(Gate.ADMIN, snapshot.adminGateOpen(), Gate.HEALTH, snapshot.healthGateOpen()),
				snapshot.lastHealth(), snapshot.versionRefusal(), snapshot.decidedBy(), snapshot.updatedAt());
	}

}
