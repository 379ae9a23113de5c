package dev.baton.client;

import dev.baton.contracts.Endpoint;
import dev.baton.contracts.InstanceId;
import dev.baton.contracts.ServiceName;
import dev.baton.contracts.Version;
import dev.baton.contracts.registration.InstanceDeregistered;
import dev.baton.contracts.registration.InstanceRegistered;

/**
 * Who this app is as Baton sees it, resolved once the web server's port is known. Both
 * messages name the same instance id, so the registry matches the leave to the join.
 *
 * @param service the service
 * @param instanceId the instance
 * @param endpoint where nginx and health checks reach it
 * @param version the version it runs
 * @param healthPath where health checks probe it
 */
record InstanceIdentity(ServiceName service, InstanceId instanceId, Endpoint endpoint, Version version,
		String healthPath) {

	static InstanceIdentity of(ServiceName service, InstanceId instanceId, Endpoint endpoint, Version version,
			String healthPath) {
		InstanceId id = (instanceId != null) ? instanceId : InstanceId.derived(service, endpoint);
		return new InstanceIdentity(service, id, endpoint, version, healthPath);
	}

	InstanceRegistered registered() {
		return new InstanceRegistered(null, this.instanceId, this.service, this.endpoint.host(), this.endpoint.port(),
				this.version, this.healthPath, "instance", null);
	}

	InstanceDeregistered deregistered(String reason) {
		return new InstanceDeregistered(null, this.instanceId, this.service, this.endpoint.host(), this.endpoint.port(),
				"instance", reason, null);
	}

}
