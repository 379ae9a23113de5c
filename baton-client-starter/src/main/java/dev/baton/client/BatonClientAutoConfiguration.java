package dev.baton.client;

import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.function.Supplier;

import org.springframework.boot.autoconfigure.AutoConfiguration;
import org.springframework.boot.autoconfigure.condition.ConditionalOnMissingBean;
import org.springframework.boot.autoconfigure.condition.ConditionalOnProperty;
import org.springframework.boot.context.properties.EnableConfigurationProperties;
import org.springframework.boot.context.properties.bind.Bindable;
import org.springframework.boot.context.properties.bind.Binder;
import org.springframework.context.annotation.Bean;
import org.springframework.core.env.Environment;

import dev.baton.contracts.Endpoint;
import dev.baton.contracts.ServiceName;
import dev.baton.contracts.Topic;
import dev.baton.contracts.Version;

/**
 * Registers any Spring Boot app that adds this starter with Baton. Service and version
 * are checked when the context starts, so a missing one stops start-up naming the
 * property; the port is read once the web server listens.
 */
@AutoConfiguration
@ConditionalOnProperty(prefix = "baton.client", name = "enabled", matchIfMissing = true)
@EnableConfigurationProperties(BatonClientProperties.class)
public class BatonClientAutoConfiguration {

	private static final String DEFAULT_BOOTSTRAP_SERVERS = "127.0.0.1:9092";

	@Bean
	@ConditionalOnMissingBean
	InstanceRegistrar batonInstanceRegistrar(BatonClientProperties properties, Environment environment) {
		ServiceName service = service(properties, environment);
		Version version = properties.version();
		if (version == null) {
			throw new IllegalStateException("baton.client.version is required: the version this instance runs");
		}
		String bootstrapServers = bootstrapServers(properties, environment);
		Map<String, Object> clientSettings = clientSettings(environment);
		String topic = Topic.REGISTRATIONS.nameWith(properties.topicPrefix());
		Supplier<InstanceIdentity> identity = () -> identity(properties, service, version,
				port(properties, environment));
		checkSettings(() -> identity(properties, service, version, 1).registered());
		return new InstanceRegistrar(
				() -> new RegistrationPublisher(bootstrapServers, clientSettings, topic, properties.sendTimeout()),
				identity, properties.deregisterOnShutdown(), properties.sendTimeout());
	}

	private static InstanceIdentity identity(BatonClientProperties properties, ServiceName service, Version version,
			int port) {
		return InstanceIdentity.of(service, properties.instanceId(), new Endpoint(properties.advertisedHost(), port),
				version, properties.healthPath());
	}

	private static void checkSettings(Runnable check) {
		try {
			check.run();
		}
		catch (IllegalArgumentException ex) {
			throw new IllegalStateException(
					"invalid baton.client settings (advertised-host, health-path): " + ex.getMessage(), ex);
		}
	}

	private static ServiceName service(BatonClientProperties properties, Environment environment) {
		if (properties.service() != null) {
			return properties.service();
		}
		String name = environment.getProperty("spring.application.name");
		if (name == null) {
			throw new IllegalStateException("baton.client.service (or spring.application.name) is required");
		}
		try {
			return ServiceName.of(name);
		}
		catch (IllegalArgumentException ex) {
			throw new IllegalStateException("spring.application.name cannot name a Baton service, set "
					+ "baton.client.service: " + ex.getMessage(), ex);
		}
	}

	private static String bootstrapServers(BatonClientProperties properties, Environment environment) {
		if (properties.bootstrapServers() != null && !properties.bootstrapServers().isBlank()) {
			return properties.bootstrapServers();
		}
		List<String> servers = Binder.get(environment)
			.bind("spring.kafka.bootstrap-servers", Bindable.listOf(String.class))
			.orElse(List.of(DEFAULT_BOOTSTRAP_SERVERS));
		return String.join(",", servers);
	}

	/**
	 * The Kafka client settings an app gives its own Spring Kafka clients, so that the
	 * registration reaches a secured cluster the same way:
	 * {@code spring.kafka.properties.*} (SASL, TLS, ...) and
	 * {@code spring.kafka.security.protocol}, then {@code baton.client.kafka.*} for
	 * settings meant for Baton's producer alone.
	 */
	private static Map<String, Object> clientSettings(Environment environment) {
		Binder binder = Binder.get(environment);
		Bindable<Map<String, String>> map = Bindable.mapOf(String.class, String.class);
		Map<String, Object> settings = new HashMap<>(binder.bind("spring.kafka.properties", map).orElse(Map.of()));
		binder.bind("spring.kafka.security.protocol", String.class)
			.ifBound((protocol) -> settings.put("security.protocol", protocol));
		settings.putAll(binder.bind("baton.client.kafka", map).orElse(Map.of()));
		return settings;
	}

	private static int port(BatonClientProperties properties, Environment environment) {
		if (properties.port() != null) {
			return properties.port();
		}
		Integer serverPort = environment.getProperty("local.server.port", Integer.class);
		if (serverPort == null) {
			throw new IllegalStateException(
					"baton.client.port is required when the app runs no web server (local.server.port is unset)");
		}
		return serverPort;
	}

}
