package dev.baton.health.config;

import java.lang.management.ManagementFactory;
import java.net.InetAddress;
import java.net.UnknownHostException;
import java.net.http.HttpClient;
import java.time.Clock;
import java.util.List;
import java.util.stream.IntStream;

import io.micrometer.core.instrument.MeterRegistry;
import tools.jackson.databind.json.JsonMapper;

import org.springframework.context.annotation.Bean;
import org.springframework.context.annotation.Configuration;
import org.springframework.core.env.Environment;
import org.springframework.kafka.core.KafkaAdmin;
import org.springframework.kafka.core.KafkaTemplate;

import dev.baton.contracts.Topic;
import dev.baton.health.fleet.ProbedInstances;
import dev.baton.health.fleet.ProbeLoop;
import dev.baton.health.fleet.ProbeObserver;
import dev.baton.health.kafka.RestartStepListener;
import dev.baton.health.kafka.KafkaVerdictPublisher;
import dev.baton.health.kafka.RegistryStateListener;
import dev.baton.health.kafka.ReplicaMembership;
import dev.baton.health.metrics.ProbeMetrics;
import dev.baton.health.probe.HttpProber;
import dev.baton.health.probe.VersionReader;
import dev.baton.kafka.CompactedTopicReader;
import dev.baton.kafka.TopicDeclarations;
import dev.baton.kafka.TopicNames;

/**
 * Puts health-service together: the prober, the probe loop, the fleet and its Kafka
 * adapters.
 */
@Configuration(proxyBeanMethods = false)
class HealthConfiguration {

	@Bean
	KafkaAdmin.NewTopics healthTopics(TopicDeclarations declarations) {
		return declarations.declare(Topic.HEALTH_VERDICTS);
	}

	@Bean
	Clock healthClock() {
		return Clock.systemUTC();
	}

	@Bean(destroyMethod = "close")
	ProbeThreads probeThreads(HealthProperties properties) {
		return new ProbeThreads(properties.probe().httpThreads(), 2);
	}

	@Bean
	HttpProber httpProber(HealthProperties properties, ProbeThreads probeThreads, JsonMapper mapper,
			Clock healthClock) {
		List<HttpClient> clients = IntStream.range(0, properties.probe().httpClients())
			.mapToObj((n) -> HttpClient.newBuilder()
				.executor(probeThreads.completion())
				.connectTimeout(properties.probe().timeout())
				.followRedirects(HttpClient.Redirect.NEVER)
				.version(HttpClient.Version.HTTP_1_1)
				.build())
			.toList();
		return new HttpProber(clients, new VersionReader(mapper), healthClock, replicaName(properties),
				properties.probe().maxBodyBytes(), probeThreads.resolver());
	}

	private static String replicaName(HealthProperties properties) {
		if (!properties.replica().name().isBlank()) {
			return properties.replica().name();
		}
		try {
			return InetAddress.getLocalHost().getHostName() + "-" + ProcessHandle.current().pid();
		}
		catch (UnknownHostException ex) {
			return ManagementFactory.getRuntimeMXBean().getName();
		}
	}

	@Bean
	KafkaVerdictPublisher verdictPublisher(KafkaTemplate<String, Object> kafka, TopicNames names) {
		return new KafkaVerdictPublisher(kafka, names);
	}

	@Bean
	ProbeMetrics probeMetrics(MeterRegistry registry) {
		return new ProbeMetrics(registry);
	}

	@Bean(destroyMethod = "close")
	ProbeLoop probeLoop(HttpProber prober, KafkaVerdictPublisher verdictPublisher, HealthProperties properties,
			List<ProbeObserver> observers) {
		return new ProbeLoop(prober, verdictPublisher, properties.verdicts().restateInterval(), observers);
	}

	@Bean
	ProbedInstances fleet(ProbeLoop probeLoop, HealthProperties properties) {
		return new ProbedInstances(probeLoop, new ServiceProbeSettings(properties),
				properties.probe().restartTimeout());
	}

	@Bean
	RegistryStateListener registryStateListener(ProbedInstances fleet) {
		return new RegistryStateListener(fleet);
	}

	@Bean
	RestartStepListener deployStepListener(ProbedInstances fleet, CompactedTopicReader reader,
			HealthProperties properties) {
		return new RestartStepListener(fleet, reader, properties.replica().stepsLookback());
	}

	/**
	 * The replica's static membership: by default derived from what tells replicas on one
	 * host apart and stays the same across restarts, the application name and the port.
	 */
	@Bean
	ReplicaMembership healthReplicaMembership(HealthProperties properties, Environment environment) {
		String id = properties.replica().id();
		if (id.isBlank()) {
			id = environment.getProperty("spring.application.name", "health-service") + "-"
					+ environment.getProperty("server.port", "8080");
		}
		return new ReplicaMembership(id, properties.replica().sessionTimeout());
	}

}
