package dev.baton.contracts.registration;

import java.time.Instant;
import java.util.Objects;
import java.util.regex.Pattern;

import dev.baton.contracts.CommandId;
import dev.baton.contracts.Endpoint;
import dev.baton.contracts.EndpointFields;
import dev.baton.contracts.InstanceId;
import dev.baton.contracts.ServiceName;
import dev.baton.contracts.Version;

/**
 * An instance is up and wants traffic once healthy. Publishing it again (after a restart
 * on a new version, say) updates the instance and keeps the operator's decision about it.
 *
 * <pre>
 * {"type":"InstanceRegistered","service":"orders","host":"127.0.0.1","port":8081,"version":"v1"}
 * </pre>
 *
 * @param id identifies this message; generated when absent
 * @param instanceId chosen by the registrant, or derived from service and endpoint when
 * absent
 * @param service the service the instance belongs to
 * @param host the instance's host, an IP literal or DNS name
 * @param port the instance's port
 * @param version the version the instance runs
 * @param healthPath the path health-service probes, {@code /health} when absent
 * @param registeredBy who registered it, for the audit trail
 * @param at when it was registered; now when absent
 */
public record InstanceRegistered(CommandId id, InstanceId instanceId, ServiceName service, String host, int port,
		Version version, String healthPath, String registeredBy,
		Instant at) implements RegistrationMessage, EndpointFields {

	/** Where health-service probes an instance whose registration names no path. */
	public static final String DEFAULT_HEALTH_PATH = "/health";

	private static final Pattern HEALTH_PATH = Pattern.compile("/[A-Za-z0-9._~/%?=&-]{0,255}");

	public InstanceRegistered {
		Objects.requireNonNull(service, "service is required");
		Objects.requireNonNull(version, "version is required");
		Endpoint endpoint = new Endpoint(host, port);
		id = (id != null) ? id : CommandId.random();
		instanceId = (instanceId != null) ? instanceId : InstanceId.derived(service, endpoint);
		healthPath = (healthPath != null) ? healthPath : DEFAULT_HEALTH_PATH;
		if (!HEALTH_PATH.matcher(healthPath).matches()) {
			throw new IllegalArgumentException("healthPath must be an absolute path such as /health, got '"
					+ healthPath.substring(0, Math.min(80, healthPath.length())) + "'");
		}
		registeredBy = (registeredBy != null) ? registeredBy : "instance";
		at = (at != null) ? at : Instant.now();
	}

}
