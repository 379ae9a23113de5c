package dev.baton.deployer.config;

import java.io.UncheckedIOException;
import java.nio.file.Path;
import java.time.Clock;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.function.Function;

import dev.baton.clock.Ticker;
import io.micrometer.core.instrument.MeterRegistry;
import org.apache.kafka.common.serialization.ByteArrayDeserializer;
import org.apache.kafka.common.serialization.StringDeserializer;
import org.springframework.boot.kafka.autoconfigure.KafkaProperties;
import org.springframework.context.annotation.Bean;
import org.springframework.context.annotation.Configuration;
import org.springframework.core.env.ConfigurableEnvironment;
import org.springframework.kafka.config.ConcurrentKafkaListenerContainerFactory;
import org.springframework.kafka.core.DefaultKafkaConsumerFactory;
import org.springframework.kafka.core.KafkaAdmin;
import org.springframework.kafka.core.KafkaTemplate;

import dev.baton.contracts.ServiceName;
import dev.baton.contracts.Topic;
import dev.baton.contracts.deploy.DeployStep;
import dev.baton.deployer.control.ControlDesk;
import dev.baton.deployer.control.ReleaseHistory;
import dev.baton.deployer.fleet.DeployGates;
import dev.baton.deployer.fleet.KnownInstances;
import dev.baton.deployer.fleet.NginxNodes;
import dev.baton.deployer.fleet.PeerReports;
import dev.baton.deployer.fleet.ServingInstances;
import dev.baton.deployer.kafka.KafkaDeployEvents;
import dev.baton.deployer.metrics.DeployMetrics;
import dev.baton.deployer.rollout.DeployEvents;
import dev.baton.deployer.rollout.InstanceRuntime;
import dev.baton.deployer.rollout.StepObserver;
import dev.baton.deployer.rollout.answer.AnswerBoard;
import dev.baton.deployer.rollout.answer.InstanceArrivals;
import dev.baton.deployer.rollout.answer.RegistryFollower;
import dev.baton.deployer.rollout.plan.ServicePolicy;
import dev.baton.deployer.rollout.recovery.DeployRecovery;
import dev.baton.deployer.rollout.run.DeployDesk;
import dev.baton.deployer.rollout.run.DeployRuns;
import dev.baton.deployer.runtime.Runtimes;
import dev.baton.deployer.runtime.WorkDirectory;
import dev.baton.kafka.AuditTrail;
import dev.baton.kafka.TopicDeclarations;
import dev.baton.kafka.TopicNames;

/**
 * Wires the deployer's domain objects, the topics it writes and the executor deploys run
 * on.
 */
@Configuration(proxyBeanMethods = false)
class DeployerConfiguration {

	/** Start-up stops on a renamed property rather than running without its setting. */
	DeployerConfiguration(ConfigurableEnvironment environment) {
		RetiredProperties.refuse(environment);
	}

	@Bean
	KafkaAdmin.NewTopics deployerTopics(TopicDeclarations declarations) {
		return declarations.declare(Topic.DEPLOY_REQUESTS, Topic.DEPLOY_STEPS, Topic.NGINX_COMMANDS,
				Topic.REGISTRATIONS, Topic.OPERATIONS);
	}

	@Bean
	Clock deployerClock() {
		return Clock.systemUTC();
	}

	@Bean
	KnownInstances fleet() {
		return new KnownInstances();
	}

	@Bean
	NginxNodes nginxNodes(DeployerProperties properties, DeployEvents events) {
		return new NginxNodes(Ticker.SYSTEM, properties.nodeExpiry(),
				(node, action, reason) -> events.audit(node.value(), action, reason, Map.of("node", node.value())));
	}

	@Bean
	DeployGates deployGates() {
		return new DeployGates();
	}

	@Bean
	PeerReports peerReports() {
		return new PeerReports();
	}

	@Bean
	ServingInstances servingInstances(KnownInstances fleet, DeployGates gates, NginxNodes nodes, PeerReports reports) {
		return new ServingInstances(fleet, gates, nodes, reports);
	}

	@Bean
	AnswerBoard answerBoard() {
		return new AnswerBoard();
	}

	@Bean
	DeployThreads deployThreads() {
		return new DeployThreads();
	}

	@Bean
	DeployMetrics deployMetrics(MeterRegistry meters) {
		return new DeployMetrics(meters);
	}

	@Bean
	KafkaDeployEvents deployEvents(KafkaTemplate<String, Object> kafka, TopicNames names, AuditTrail audit,
			DeployGates gates, List<StepObserver> observers) {
		return new KafkaDeployEvents(kafka, names, audit, gates, observers);
	}

	@Bean
	Runtimes runtimes(DeployerProperties properties) {
		Path workDirectory = workDirectory(properties.workDir());
		Map<ServiceName, InstanceRuntime> runtimes = new LinkedHashMap<>();
		properties.services().forEach((name, service) -> {
			ServiceName serviceName = ServiceName.of(name);
			runtimes.put(serviceName, service.runtime().runtime(serviceName, workDirectory));
		});
		return new Runtimes(runtimes);
	}

	@Bean
	InstanceArrivals instanceArrivals(KnownInstances fleet) {
		return new InstanceArrivals(fleet);
	}

	@Bean
	DeployRuns deployRuns(AnswerBoard board, NginxNodes nodes, Runtimes runtime, InstanceArrivals arrivals,
			KnownInstances fleet, ServingInstances serving, DeployEvents events, Clock clock, DeployMetrics metrics) {
		return new DeployRuns(board, nodes, metrics.timing(runtime), arrivals, fleet, serving, events, clock);
	}

	@Bean
	ReleaseHistory releaseHistory() {
		return new ReleaseHistory();
	}

	/** The history follows the steps published, and those read back at start-up. */
	@Bean
	StepObserver releaseHistoryObserver(ReleaseHistory history) {
		return new StepObserver() {

			@Override
			public void published(DeployStep step) {
				history.record(step);
			}

			@Override
			public void replayed(DeployStep step) {
				history.record(step);
			}

		};
	}

	@Bean
	DeployDesk deployDesk(KnownInstances fleet, NginxNodes nodes, DeployerProperties properties, DeployRuns runs,
			DeployEvents events, DeployThreads threads, Clock clock, ReleaseHistory releases) {
		return new DeployDesk(fleet, nodes, policies(properties), runs, events, threads, clock,
				new ControlDesk(events::audit), releases);
	}

	@Bean
	DeployRecovery deployRecovery(KnownInstances fleet, DeployGates gates, DeployerProperties properties,
			DeployRuns runs, DeployDesk desk, DeployEvents events, Clock clock) {
		return new DeployRecovery(fleet, gates, policies(properties), runs, desk, events, clock);
	}

	@Bean
	RegistryFollower registryFollower(KnownInstances fleet, DeployGates gates, DeployEvents events,
			InstanceArrivals arrivals) {
		return new RegistryFollower(fleet, gates, events, arrivals);
	}

	/** Dead letters are read as the raw bytes they were, not as messages. */
	@Bean
	ConcurrentKafkaListenerContainerFactory<String, byte[]> rawRecordsContainerFactory(KafkaProperties properties) {
		ConcurrentKafkaListenerContainerFactory<String, byte[]> factory = new ConcurrentKafkaListenerContainerFactory<>();
		factory.setConsumerFactory(new DefaultKafkaConsumerFactory<>(properties.buildConsumerProperties(),
				new StringDeserializer(), new ByteArrayDeserializer()));
		return factory;
	}

	private static Path workDirectory(Path configured) {
		try {
			return WorkDirectory.prepare(configured);
		}
		catch (IllegalArgumentException | UncheckedIOException ex) {
			throw new IllegalArgumentException("baton.deployer.work-dir: " + ex.getMessage(), ex);
		}
	}

	private static Function<ServiceName, Optional<ServicePolicy>> policies(DeployerProperties properties) {
		return (service) -> Optional.ofNullable(properties.services().get(service.value()))
			.map(DeployerProperties.Service::policy);
	}

}
