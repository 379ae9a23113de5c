package dev.baton.contracts.health;

import java.time.Instant;
import java.util.Objects;

import dev.baton.contracts.Endpoint;
import dev.baton.contracts.EndpointFields;
import dev.baton.contracts.InstanceId;
import dev.baton.contracts.ServiceName;
import dev.baton.contracts.StepId;
import dev.baton.contracts.Version;

/**
 * health-service's verdict on an instance, published on every change of status or version
 * and restated periodically.
 *
 * <pre>
 * {"type":"VerdictIssued","instanceId":"orders-1","service":"orders","host":"127.0.0.1","port":8081,
 *  "status":"HEALTHY","version":"v2","probedAt":"2026-11-29T10:00:00Z"}
 * </pre>
 *
 * @param instanceId the instance
 * @param service its service
 * @param host its host
 * @param port its port
 * @param status the verdict
 * @param version the version the instance reported; absent when it reported none
 * @param reason why the last probe failed ({@code 503}, {@code timeout}, {@code refused},
 * ...); empty when it succeeded
 * @param latencyMillis how long the last probe took
 * @param consecutiveSuccesses probes in a row that succeeded
 * @param consecutiveFailures probes in a row that failed
 * @param probedAt when the last probe ran
 * @param answersStep the deploy step (a restart) this verdict confirms; absent otherwise
 */
public record VerdictIssued(InstanceId instanceId, ServiceName service, String host, int port, HealthStatus status,
		Version version, String reason, long latencyMillis, int consecutiveSuccesses, int consecutiveFailures,
		Instant probedAt, StepId answersStep) implements HealthVerdictMessage, EndpointFields {

	public VerdictIssued {
		Objects.requireNonNull(instanceId, "instanceId is required");
		Objects.requireNonNull(service, "service is required");
		Objects.requireNonNull(status, "status is required");
		Objects.requireNonNull(probedAt, "probedAt is required");
		Endpoint.requireValid(host, port);
		reason = (reason != null) ? reason : "";
	}

	public boolean healthy() {
		return this.status == HealthStatus.HEALTHY;
	}

}
