package dev.baton.contracts.registry;

import java.time.Instant;
import java.util.Objects;

import dev.baton.contracts.Endpoint;
import dev.baton.contracts.EndpointFields;
import dev.baton.contracts.InstanceId;
import dev.baton.contracts.ServiceName;
import dev.baton.contracts.Version;
import dev.baton.contracts.health.HealthStatus;

/**
 * The whole truth about one instance as the registry sees it. A new snapshot replaces the
 * previous one; deregistered instances keep a last snapshot in
 * {@link Lifecycle#DEREGISTERED}.
 *
 * @param instanceId the instance
 * @param service its service
 * @param host its host
 * @param port its port
 * @param version the version it runs: the one its latest healthy verdict reported, once
 * the registry accepted that version; before such a verdict, the one it registered with
 * @param healthPath where it is probed
 * @param lifecycle where it is in its life
 * @param lastHealth the last verdict, absent before the first
 * @param decidedBy who made the last operator decision, or {@code auto-online}; empty if
 * none
 * @param revision grows by one with every change, so readers can ignore stale copies
 * @param updatedAt when this snapshot was made
 * @param versionRefusal why the registry keeps the HEALTH gate closed although the latest
 * verdict is healthy: the instance reports a version its service does not expect; empty
 * otherwise, and in snapshots written before the registry checked versions
 * @param registeredVersion the version it registered with, kept beside the one it runs
 * because an app that a deploy restarts need not register again; {@code version} in
 * snapshots written before the registry took the version from verdicts
 */
public record InstanceSnapshot(InstanceId instanceId, ServiceName service, String host, int port, Version version,
		String healthPath, Lifecycle lifecycle, ObservedHealth lastHealth, String decidedBy, long revision,
		Instant updatedAt, String versionRefusal,
		Version registeredVersion) implements RegistryStateMessage, EndpointFields {

	public InstanceSnapshot {
		Objects.requireNonNull(instanceId, "instanceId is required");
		Objects.requireNonNull(service, "service is required");
		Objects.requireNonNull(version, "version is required");
		Objects.requireNonNull(healthPath, "healthPath is required");
		Objects.requireNonNull(lifecycle, "lifecycle is required");
		Objects.requireNonNull(updatedAt, "updatedAt is required");
		Endpoint.requireValid(host, port);
		decidedBy = (decidedBy != null) ? decidedBy : "";
		versionRefusal = (versionRefusal != null) ? versionRefusal : "";
		registeredVersion = (registeredVersion != null) ? registeredVersion : version;
	}

	/**
	 * A snapshot of an instance that runs the version it registered with.
	 */
	public InstanceSnapshot(InstanceId instanceId, ServiceName service, String host, int port, Version version,
			String healthPath, Lifecycle lifecycle, ObservedHealth lastHealth, String decidedBy, long revision,
			Instant updatedAt, String versionRefusal) {
		this(instanceId, service, host, port, version, healthPath, lifecycle, lastHealth, decidedBy, revision,
				updatedAt, versionRefusal, version);
	}

	/**
	 * A snapshot of an instance that runs the version it registered with, which nobody
	 * refused.
	 */
	public InstanceSnapshot(InstanceId instanceId, ServiceName service, String host, int port, Version version,
			String healthPath, Lifecycle lifecycle, ObservedHealth lastHealth, String decidedBy, long revision,
			Instant updatedAt) {
		this(instanceId, service, host, port, version, healthPath, lifecycle, lastHealth, decidedBy, revision,
				updatedAt, "");
	}

	/**
	 * Whether the registry holds the ADMIN gate open: only online instances are admitted.
	 * @return true when online
	 */
	public boolean adminGateOpen() {
		return this.lifecycle == Lifecycle.ONLINE;
	}

	/**
	 * Whether the registry holds the HEALTH gate open: only after a healthy latest
	 * verdict on a version the service expects.
	 * @return true when the latest verdict is healthy and its version not refused
	 */
	public boolean healthGateOpen() {
		return this.lastHealth != null && this.lastHealth.status() == HealthStatus.HEALTHY && !versionRefused();
	}

	/**
	 * Whether the registry refuses the version the instance reports.
	 * @return true when {@link #versionRefusal()} gives a reason
	 */
	public boolean versionRefused() {
		return !this.versionRefusal.isEmpty();
	}

	public boolean deregistered() {
		return this.lifecycle == Lifecycle.DEREGISTERED;
	}

}
