package dev.baton.contracts.registration;

import java.time.Instant;
import java.util.Objects;
import java.util.Optional;

import dev.baton.contracts.CommandId;
import dev.baton.contracts.Endpoint;
import dev.baton.contracts.InstanceId;
import dev.baton.contracts.ServiceName;

/**
 * An instance leaves its service: its gates are removed and nginx drops the peer once
 * drained. Names the instance by id, or by host and port (what a scaler usually knows).
 *
 * <pre>
 * {"type":"InstanceDeregistered","service":"orders","host":"127.0.0.1","port":8081}
 * </pre>
 *
 * @param id identifies this message; generated when absent
 * @param instanceId the instance, or absent when host and port name it
 * @param service the service
 * @param host the instance's host, when no instance id is given
 * @param port the instance's port, when no instance id is given
 * @param deregisteredBy who asked, for the audit trail
 * @param reason why, for the audit trail
 * @param at when; now when absent
 */
public record InstanceDeregistered(CommandId id, InstanceId instanceId, ServiceName service, String host, int port,
		String deregisteredBy, String reason, Instant at) implements RegistrationMessage {

	public InstanceDeregistered {
		Objects.requireNonNull(service, "service is required");
		if (instanceId == null || host != null || port != 0) {
			Endpoint.requireValid(host, port);
		}
		id = (id != null) ? id : CommandId.random();
		deregisteredBy = (deregisteredBy != null) ? deregisteredBy : "instance";
		reason = (reason != null) ? reason : "";
		at = (at != null) ? at : Instant.now();
	}

	/**
	 * The endpoint, when the message names one.
	 * @return host and port, or empty when only the instance id names the instance
	 */
	public Optional<Endpoint> endpoint() {
		return (this.host != null) ? Optional.of(new Endpoint(this.host, this.port)) : Optional.empty();
	}

}
