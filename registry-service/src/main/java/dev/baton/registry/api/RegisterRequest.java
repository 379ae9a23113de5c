package dev.baton.registry.api;

import dev.baton.contracts.InstanceId;
import dev.baton.contracts.ServiceName;
import dev.baton.contracts.Version;
import dev.baton.contracts.registration.InstanceRegistered;

/**
 * The body of {@code POST /api/instances}. Fields arrive as text so that every invalid
 * value is reported by the contract's own validation, with its message.
 *
 * @param instanceId optional instance id
 * @param service the service
 * @param host the instance's host
 * @param port the instance's port
 * @param version the version it runs
 * @param healthPath optional health path
 * @param by who registers it
 */
record RegisterRequest(String instanceId, String service, String host, Integer port, String version, String healthPath,
		String by) {

	InstanceRegistered toMessage() {
		if (this.port == null) {
			throw new IllegalArgumentException("port is required");
		}
		return new InstanceRegistered(null, (this.instanceId != null) ? InstanceId.of(this.instanceId) : null,
				ServiceName.of(this.service), this.host, this.port, Version.of(this.version), this.healthPath,
				(this.by != null) ? this.by : "rest-api", null);
	}

}
