package dev.baton.registry.config;

import java.time.Clock;
import java.util.Map;

import org.springframework.boot.context.properties.EnableConfigurationProperties;
import org.springframework.boot.web.servlet.FilterRegistrationBean;
import org.springframework.context.annotation.Bean;
import org.springframework.context.annotation.Configuration;
import org.springframework.kafka.config.KafkaListenerEndpointRegistry;
import org.springframework.kafka.core.KafkaAdmin;
import org.springframework.kafka.core.KafkaTemplate;

import dev.baton.contracts.ServiceName;
import dev.baton.contracts.Topic;
import dev.baton.contracts.nginx.DrainDeadline;
import dev.baton.kafka.AuditTrail;
import dev.baton.kafka.CompactedTopicReader;
import dev.baton.kafka.PeerPartitions;
import dev.baton.kafka.TopicDeclarations;
import dev.baton.kafka.TopicNames;
import dev.baton.kafka.TopicPartitionCatalog;
import dev.baton.registry.api.AdminTokenFilter;
import dev.baton.registry.departure.DepartureDrains;
import dev.baton.registry.kafka.ExpectedVersionsListener;
import dev.baton.registry.kafka.NginxEventsListener;
import dev.baton.registry.kafka.RegistrationsGateway;
import dev.baton.registry.kafka.RegistryListeners;
import dev.baton.registry.kafka.VerdictsRead;
import dev.baton.registry.kafka.RegistryPublisher;
import dev.baton.registry.kafka.RegistryStartup;
import dev.baton.registry.lifecycle.AllowedEndpoints;
import dev.baton.registry.lifecycle.RegisteredInstances;
import dev.baton.registry.membership.PendingCommands;
import dev.baton.registry.membership.Registry;
import dev.baton.registry.versions.ExpectedVersions;
import dev.baton.registry.versions.VersionPolicy;

/**
 * Wires the registry: its topics, the fleet and its rules, the Kafka adapters, the admin
 * API's token check.
 */
@Configuration(proxyBeanMethods = false)
@EnableConfigurationProperties(RegistryProperties.class)
class RegistryConfiguration {

	@Bean
	KafkaAdmin.NewTopics registryTopics(TopicDeclarations declarations) {
		return declarations.declare(Topic.REGISTRATIONS, Topic.OPERATIONS, Topic.REGISTRY_STATE, Topic.NGINX_COMMANDS,
				Topic.HEALTH_VERDICTS);
	}

	@Bean
	Clock clock() {
		return Clock.systemUTC();
	}

	@Bean
	PendingCommands pendingCommands() {
		return new PendingCommands();
	}

	@Bean
	Registry registry(RegistryProperties properties, Clock clock, KafkaTemplate<String, Object> kafka,
			TopicNames topics, AuditTrail audit, PendingCommands pending) {
		Map<ServiceName, AllowedEndpoints> allowed = properties.allowedEndpoints();
		Map<ServiceName, VersionPolicy> versions = properties.versionPolicies();
		RegistryProperties.Departure departure = properties.departure();
		return new Registry(new RegisteredInstances(properties::autoOnline,
				(service) -> allowed.getOrDefault(service, AllowedEndpoints.ANY),
				new ExpectedVersions((service) -> versions.getOrDefault(service, VersionPolicy.DEFAULT)), clock),
				new RegistryPublisher(kafka, topics, audit, clock), pending,
				new DepartureDrains(DrainDeadline.of(departure.drainTimeout(), DrainDeadline.OnTimeout.FAIL),
						departure.nodeExpiry(), System::nanoTime));
	}

	@Bean
	VerdictsRead verdictsRead() {
		return new VerdictsRead();
	}

	@Bean
	RegistryListeners registryListeners(Registry registry, VerdictsRead verdictsRead, TopicNames topics) {
		return new RegistryListeners(registry, verdictsRead, topics);
	}

	@Bean
	ExpectedVersionsListener deployStepListener(Registry registry, VerdictsRead verdictsRead, TopicNames topics) {
		return new ExpectedVersionsListener(registry, verdictsRead, topics);
	}

	@Bean
	NginxEventsListener nginxEventsListener(Registry registry) {
		return new NginxEventsListener(registry);
	}

	@Bean
	RegistryStartup registryStartup(CompactedTopicReader reader, Registry registry,
			KafkaListenerEndpointRegistry listeners, ExpectedVersionsListener deploySteps,
			NginxEventsListener nginxEvents, TopicNames topics, TopicPartitionCatalog partitions,
			RegistryProperties properties) {
		return new RegistryStartup(reader, registry, listeners, deploySteps, nginxEvents,
				new PeerPartitions(topics.name(Topic.NGINX_COMMANDS), partitions.of(Topic.NGINX_COMMANDS).length),
				properties.departure().nodeExpiry());
	}

	@Bean
	RegistrationsGateway registrationsGateway(KafkaTemplate<String, Object> kafka, TopicNames topics,
			PendingCommands pending, RegistryProperties properties) {
		return new RegistrationsGateway(kafka, topics, pending, properties.admin().applyTimeout());
	}

	@Bean
	FilterRegistrationBean<AdminTokenFilter> adminTokenFilter(RegistryProperties properties) {
		FilterRegistrationBean<AdminTokenFilter> registration = new FilterRegistrationBean<>(
				new AdminTokenFilter(AdminToken.resolve(properties.admin().token(), properties.admin().tokenFile())));
		registration.addUrlPatterns("/api/*");
		return registration;
	}

}
