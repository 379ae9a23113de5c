package dev.baton.nginx.config;

import java.time.Clock;
import java.time.Duration;
import java.util.Map;
import java.util.Set;
import java.util.stream.Collectors;

import dev.baton.clock.Ticker;
import io.micrometer.core.instrument.MeterRegistry;

import org.springframework.context.annotation.Bean;
import org.springframework.context.annotation.Configuration;
import org.springframework.kafka.core.KafkaAdmin;
import org.springframework.kafka.core.KafkaTemplate;

import dev.baton.contracts.NodeId;
import dev.baton.contracts.ServiceName;
import dev.baton.contracts.Topic;
import dev.baton.kafka.CompactedTopicReader;
import dev.baton.kafka.PeerPartitions;
import dev.baton.kafka.TopicDeclarations;
import dev.baton.kafka.TopicNames;
import dev.baton.kafka.TopicPartitionCatalog;
import dev.baton.nginx.config.NginxControlProperties.Mode;
import dev.baton.nginx.dataplane.ControlClient;
import dev.baton.nginx.dataplane.ManagedNginx;
import dev.baton.nginx.dataplane.NginxSetup;
import dev.baton.nginx.dataplane.Route;
import dev.baton.nginx.kafka.CommandListener;
import dev.baton.nginx.kafka.CommandReplay;
import dev.baton.nginx.kafka.NginxEventPublisher;
import dev.baton.nginx.observability.MicrometerNodeMetrics;
import dev.baton.nginx.observability.MicrometerPeerMetrics;
import dev.baton.nginx.observability.NginxHealthIndicator;
import dev.baton.nginx.peers.DesiredPeers;
import dev.baton.nginx.stats.PeerMetrics;
import dev.baton.nginx.stats.RolloutActivity;
import dev.baton.nginx.stats.StatsReporter;
import dev.baton.nginx.sync.DrainTracker;
import dev.baton.nginx.sync.GateCommands;
import dev.baton.nginx.sync.Heartbeat;
import dev.baton.nginx.sync.NodeMetrics;
import dev.baton.nginx.sync.NodePresence;
import dev.baton.nginx.sync.OwedAnswers;
import dev.baton.nginx.sync.PeerSync;
import dev.baton.nginx.sync.SyncSchedule;

/**
 * Wires one node: nginx files and process, the control client, the desired state, the
 * sync, drain, heartbeat and peer statistics loops, the Kafka adapters, and its metrics
 * and health.
 */
@Configuration(proxyBeanMethods = false)
class NginxControlConfiguration {

	/**
	 * nginx-control writes {@code nginx.events}. It also declares {@code nginx.commands}
	 * (same settings as its writers) so that a node starting first cannot let the broker
	 * auto-create it uncompacted.
	 */
	@Bean
	KafkaAdmin.NewTopics nginxControlTopics(TopicDeclarations declarations) {
		return declarations.declare(Topic.NGINX_EVENTS, Topic.NGINX_COMMANDS);
	}

	@Bean
	NginxSetup nginxSetup(NginxControlProperties properties) {
		return NginxLayout.setup(properties, ControlToken.of(properties.control()), ProcessUser.root());
	}

	@Bean
	ControlClient controlClient(NginxSetup setup) {
		return new ControlClient(setup.control(), setup.token());
	}

	@Bean
	NginxEventPublisher nginxEventPublisher(KafkaTemplate<String, Object> kafka, TopicNames names) {
		return new NginxEventPublisher(kafka, names);
	}

	@Bean
	DesiredPeers desiredPeers(NginxSetup setup) {
		return new DesiredPeers(slowStarts(setup));
	}

	@Bean
	NodeMetrics nodeMetrics(MeterRegistry registry) {
		return new MicrometerNodeMetrics(registry);
	}

	/** Health contributor {@code nginx}. */
	@Bean
	NginxHealthIndicator nginxHealthIndicator(NginxControlProperties properties, ControlClient control) {
		return new NginxHealthIndicator(control, properties.control().endpoint());
	}

	@Bean
	DrainTracker drainTracker(NginxControlProperties properties, ControlClient control, NginxEventPublisher events,
			NodeMetrics metrics) {
		return new DrainTracker(NodeId.of(properties.nodeId()), control, events, metrics, Clock.systemUTC(),
				Ticker.SYSTEM, properties.drain().pollInterval());
	}

	@Bean
	PeerSync peerSync(NginxControlProperties properties, NginxSetup setup, DesiredPeers desired, ControlClient control,
			NginxEventPublisher events, DrainTracker drains, NodeMetrics metrics) {
		return new PeerSync(setup.nodeId(), served(setup), desired, control, events, drains, metrics, Clock.systemUTC(),
				new SyncSchedule(properties.epochCheckInterval(), properties.reconcileInterval()));
	}

	@Bean
	OwedAnswers owedAnswers(NginxControlProperties properties, NginxSetup setup) {
		return new OwedAnswers(setup.nodeId(), properties.answerWindow());
	}

	@Bean
	GateCommands gateCommands(NginxSetup setup, DesiredPeers desired, PeerSync sync, NginxEventPublisher events,
			NodeMetrics metrics, OwedAnswers owed, RolloutActivity activity) {
		return new GateCommands(setup.nodeId(), served(setup), desired, sync, events, metrics, Clock.systemUTC(), owed,
				activity);
	}

	@Bean
	RolloutActivity rolloutActivity(NginxControlProperties properties, NginxSetup setup, DesiredPeers desired) {
		return new RolloutActivity(slowStarts(setup), properties.stats().publishFor(), desired, Clock.systemUTC());
	}

	@Bean
	PeerMetrics peerMetrics(MeterRegistry registry) {
		return new MicrometerPeerMetrics(registry);
	}

	@Bean
	StatsReporter statsReporter(NginxControlProperties properties, NginxSetup setup, ControlClient control,
			RolloutActivity activity, NginxEventPublisher events, PeerMetrics metrics) {
		return new StatsReporter(setup.nodeId(), served(setup), control, activity, events, metrics, Clock.systemUTC(),
				properties.stats().interval());
	}

	@Bean
	Heartbeat heartbeat(NginxControlProperties properties, NginxSetup setup, PeerSync sync, DesiredPeers desired,
			NginxEventPublisher events) {
		return new Heartbeat(setup.nodeId(),
				served(setup).stream().sorted((a, b) -> a.value().compareTo(b.value())).toList(), sync, desired, events,
				Clock.systemUTC(), properties.heartbeatInterval());
	}

	@Bean
	PeerPartitions peerPartitions(TopicNames topics, TopicPartitionCatalog partitions) {
		return new PeerPartitions(topics.name(Topic.NGINX_COMMANDS), partitions.of(Topic.NGINX_COMMANDS).length);
	}

	@Bean
	CommandReplay commandReplay(CompactedTopicReader reader, GateCommands commands, OwedAnswers owed,
			PeerPartitions partitions) {
		return new CommandReplay(reader, commands, owed, partitions);
	}

	@Bean
	CommandListener commandListener(GateCommands commands, CommandReplay replay, PeerPartitions partitions) {
		return new CommandListener(commands, replay, partitions);
	}

	@Bean
	NodePresence nodePresence(NginxSetup setup, Heartbeat heartbeat, NginxEventPublisher events) {
		return new NodePresence(setup.nodeId(), heartbeat, events, Clock.systemUTC());
	}

	@Bean
	NodeLifecycle nodeLifecycle(NginxControlProperties properties, NginxSetup setup, ControlClient control,
			CommandReplay replay, PeerSync sync, DrainTracker drains, Heartbeat heartbeat, NodePresence presence,
			StatsReporter stats) {
		ManagedNginx managed = (properties.mode() == Mode.MANAGED) ? new ManagedNginx(properties.nginx().binary(),
				setup, control, properties.nginx().startTimeout(), presence) : null;
		return new NodeLifecycle(setup, managed, properties.nginx().onStop() == NginxControlProperties.OnStop.KEEP,
				replay, sync, drains, heartbeat, presence, stats);
	}

	private static Set<ServiceName> served(NginxSetup setup) {
		return Set.copyOf(setup.routes().stream().map(Route::service).toList());
	}

	private static Map<ServiceName, Duration> slowStarts(NginxSetup setup) {
		return setup.routes().stream().collect(Collectors.toMap(Route::service, Route::slowStart));
	}

}
