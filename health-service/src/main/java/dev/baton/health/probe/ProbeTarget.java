package dev.baton.health.probe;

import java.net.URI;
import java.util.Objects;

import dev.baton.contracts.Endpoint;
import dev.baton.contracts.InstanceId;
import dev.baton.contracts.ServiceName;

/**
 * What gets probed: an instance, where it listens and its health path.
 *
 * @param instanceId the instance
 * @param service its service, which selects the probe settings
 * @param endpoint where it listens
 * @param healthPath the path of its health endpoint, such as {@code /health}
 */
public record ProbeTarget(InstanceId instanceId, ServiceName service, Endpoint endpoint, String healthPath) {

	public ProbeTarget {
		Objects.requireNonNull(instanceId, "instanceId is required");
		Objects.requireNonNull(service, "service is required");
		Objects.requireNonNull(endpoint, "endpoint is required");
		if (healthPath == null || !healthPath.startsWith("/") || healthPath.length() > 1024) {
			throw new IllegalArgumentException("health path must start with '/', got " + healthPath);
		}
		URI.create("http://" + endpoint.address() + healthPath); // throws on an illegal
																	// path
	}

	/**
	 * The URI to GET.
	 * @return {@code http://host:port/path}
	 */
	public URI uri() {
		return URI.create("http://" + this.endpoint.address() + this.healthPath);
	}

}
