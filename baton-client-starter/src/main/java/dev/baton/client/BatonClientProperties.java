package dev.baton.client;

import java.time.Duration;

import org.springframework.boot.context.properties.ConfigurationProperties;
import org.springframework.boot.context.properties.bind.DefaultValue;

import dev.baton.contracts.InstanceId;
import dev.baton.contracts.ServiceName;
import dev.baton.contracts.Version;

/**
 * How an app announces itself to Baton. Typed values ({@link ServiceName},
 * {@link Version}, {@link InstanceId}) are checked while binding, so a bad value stops
 * start-up with the property's name.
 *
 * @param enabled whether the app registers at all
 * @param bootstrapServers the Kafka cluster; {@code spring.kafka.bootstrap-servers} or
 * {@code 127.0.0.1:9092} when absent
 * @param topicPrefix prefix of Baton's topics, {@code baton.} by default
 * @param service the service the app is an instance of; {@code spring.application.name}
 * when absent
 * @param instanceId the instance's stable id (a supervisor program name, say); derived
 * from service, host and port when absent
 * @param advertisedHost the address nginx and health checks reach the app on
 * @param port the port they reach it on; the web server's actual port when absent
 * @param version the version the app runs, required
 * @param healthPath the path health checks probe
 * @param deregisterOnShutdown whether a shutdown deregisters the instance; set it to
 * false for instances that Baton's deployer restarts in place
 * @param sendTimeout how long one publish may take before it counts as failed
 */
@ConfigurationProperties("baton.client")
public record BatonClientProperties(@DefaultValue("true") boolean enabled, String bootstrapServers,
		@DefaultValue("baton.") String topicPrefix, ServiceName service, InstanceId instanceId,
		@DefaultValue("127.0.0.1") String advertisedHost, Integer port, Version version,
		@DefaultValue("/health") String healthPath, @DefaultValue("true") boolean deregisterOnShutdown,
		@DefaultValue("5s") Duration sendTimeout) {

	public BatonClientProperties {
		if (topicPrefix == null || !topicPrefix.matches("[A-Za-z0-9._-]{0,100}")) {
			throw new IllegalArgumentException(
					"baton.client.topic-prefix must be letters, digits, '.', '_' or '-', got '" + topicPrefix + "'");
		}
		if (port != null && (port < 1 || port > 65535)) {
			throw new IllegalArgumentException("baton.client.port must be 1-65535, got " + port);
		}
		if (sendTimeout == null || sendTimeout.compareTo(Duration.ofMillis(100)) < 0
				|| sendTimeout.compareTo(Duration.ofMinutes(5)) > 0) {
			throw new IllegalArgumentException("baton.client.send-timeout must be 100ms to 5m, got " + sendTimeout);
		}
	}

}
