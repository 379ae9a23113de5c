package dev.baton.contracts.deploy;

import java.time.Instant;
import java.util.Objects;

import dev.baton.contracts.DeployId;
import dev.baton.contracts.Endpoint;
import dev.baton.contracts.EndpointFields;
import dev.baton.contracts.InstanceId;
import dev.baton.contracts.ServiceName;
import dev.baton.contracts.Version;

/**
 * A surge deploy is about to start a new instance on a spare endpoint, to replace a
 * running one. On the record before the runtime is asked, so a deployer restarted at any
 * point knows which spare it may have started.
 *
 * <pre>
 * {"type":"InstanceLaunched","deployId":"ci-4711","service":"orders","replaces":"orders-1",
 *  "host":"127.0.0.1","port":8094,"version":"v2","at":"2026-12-01T10:00:00Z"}
 * </pre>
 *
 * @param deployId the deploy
 * @param service the service
 * @param replaces the running instance the new one replaces
 * @param host the spare endpoint's host
 * @param port the spare endpoint's port
 * @param version the version the new instance runs
 * @param at when
 */
public record InstanceLaunched(DeployId deployId, ServiceName service, InstanceId replaces, String host, int port,
		Version version, Instant at) implements DeployStep, EndpointFields {

	public InstanceLaunched {
		Objects.requireNonNull(deployId, "deployId is required");
		Objects.requireNonNull(service, "service is required");
		Objects.requireNonNull(replaces, "replaces is required");
		Objects.requireNonNull(version, "version is required");
		Objects.requireNonNull(at, "at is required");
		Endpoint.requireValid(host, port);
	}

}
