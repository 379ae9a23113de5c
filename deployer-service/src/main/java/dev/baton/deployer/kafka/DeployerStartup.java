package dev.baton.deployer.kafka;

import java.time.Clock;
import java.time.Duration;
import java.time.Instant;
import java.util.Comparator;
import java.util.List;
import java.util.Map;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;

import org.apache.kafka.common.TopicPartition;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;
import org.springframework.boot.ApplicationArguments;
import org.springframework.boot.ApplicationRunner;
import org.springframework.kafka.config.KafkaListenerEndpointRegistry;
import org.springframework.stereotype.Component;

import dev.baton.contracts.GateKey;
import dev.baton.contracts.Topic;
import dev.baton.contracts.deploy.DeployStep;
import dev.baton.contracts.nginx.NginxEvent;
import dev.baton.contracts.nginx.SetPeerGate;
import dev.baton.contracts.registry.InstanceSnapshot;
import dev.baton.deployer.config.DeployerProperties;
import dev.baton.deployer.fleet.DeployGates;
import dev.baton.deployer.fleet.NginxNodes;
import dev.baton.deployer.fleet.PeerReports;
import dev.baton.deployer.rollout.StepObserver;
import dev.baton.deployer.rollout.answer.RegistryFollower;
import dev.baton.deployer.rollout.recovery.DeployJournal;
import dev.baton.deployer.rollout.recovery.DeployRecovery;
import dev.baton.deployer.rollout.run.DeployDesk;
import dev.baton.deployer.rollout.run.DeployRun;
import dev.baton.kafka.CompactedTopicReader;

/**
 * Rebuilds the deployer's state from Kafka before it takes any request: its DEPLOY gates
 * from {@code nginx.commands}, the fleet from {@code registry.state}, the live nginx
 * nodes from recent events of {@code nginx.events}, and every deploy from
 * {@code deploy.steps}; then starts the readers of answers where they must begin, resumes
 * what was unfinished once they are in place (a resumed wait must not miss its answer)
 * and starts taking requests.
 */
@Component
class DeployerStartup implements ApplicationRunner {

	private static final Logger logger = LoggerFactory.getLogger(DeployerStartup.class);

	private final CompactedTopicReader reader;

	private final DeployGates gates;

	private final RegistryFollower registry;

	private final NginxNodes nodes;

	private final PeerReports reports;

	private final DeployRecovery recovery;

	private final KafkaListenerEndpointRegistry listeners;

	private final Duration lookback;

	private final Clock clock;

	private final DeployDesk desk;

	private final AnswerReaders answers;

	private final List<StepObserver> observers;

	DeployerStartup(CompactedTopicReader reader, Clock clock, DeployGates gates, RegistryFollower registry,
			NginxNodes nodes, PeerReports reports, DeployRecovery recovery, DeployDesk desk, AnswerReaders answers,
			KafkaListenerEndpointRegistry listeners, DeployerProperties properties, List<StepObserver> observers) {
		this.clock = clock;
		this.desk = desk;
		this.answers = answers;
		this.reader = reader;
		this.gates = gates;
		this.registry = registry;
		this.nodes = nodes;
		this.reports = reports;
		this.recovery = recovery;
		this.listeners = listeners;
		this.lookback = properties.nodeExpiry();
		this.observers = observers;
	}

	private void awaitPositioned() {
		try {
			this.answers.awaitPositioned();
		}
		catch (InterruptedException ex) {
			Thread.currentThread().interrupt();
			throw new IllegalStateException("interrupted while starting the readers of answers", ex);
		}
	}

	@Override
	public void run(ApplicationArguments args) {
		// The four reads are independent, and each spends most of its time waiting for
		// the
		// broker: side by side, a restarted deployer is back at work sooner (the chaos
		// suite's deployer rows measure it).
		ExecutorService readers = Executors.newFixedThreadPool(3);
		try {
			CompletableFuture<Void> gates = CompletableFuture
				.runAsync(() -> this.reader.readToEnd(Topic.NGINX_COMMANDS, (key, value) -> {
					if (key != null && key.endsWith("/DEPLOY")) {
						this.gates.observe(GateKey.parse(key), (value instanceof SetPeerGate command) ? command : null);
					}
				}), readers);
			CompletableFuture<Void> snapshots = CompletableFuture
				.runAsync(() -> this.reader.readToEnd(Topic.REGISTRY_STATE, (key, value) -> {
					if (value instanceof InstanceSnapshot snapshot) {
						this.registry.onSnapshot(snapshot);
					}
				}), readers);
			// As far back as a silent node stays in the set: every node to wait for (and
			// those that left or were forgotten since) is known before a gate is touched,
			// and what each last said of each peer, which min-healthy counts.
			CompletableFuture<Map<TopicPartition, Long>> events = CompletableFuture.supplyAsync(() -> this.reader
				.readSince(Topic.NGINX_EVENTS, this.clock.instant().minus(this.lookback), (key, value) -> {
					if (value instanceof NginxEvent event) {
						this.nodes.replay(event);
						this.reports.observe(event);
					}
				}), readers);
			DeployJournal journal = new DeployJournal();
			this.reader.readToEnd(Topic.DEPLOY_STEPS, (key, value) -> {
				if (value instanceof DeployStep step) {
					journal.apply(step);
					this.observers.forEach((observer) -> observer.replayed(step));
				}
			});
			CompletableFuture.allOf(gates, snapshots, events).join();
			resume(journal, events.join());
		}
		finally {
			readers.shutdown();
		}
	}

	private void resume(DeployJournal journal, Map<TopicPartition, Long> events) {
		// Verdicts carry their prober's clock, which may be minutes off the one that
		// stamped the deploy's start: reading from a lookback before it misses none, and
		// an older verdict read too answers no step.
		Instant oldest = journal.unfinished()
			.stream()
			.map((unfinished) -> unfinished.started().at())
			.min(Comparator.naturalOrder())
			.orElse(this.clock.instant())
			.minus(this.lookback);
		List<DeployRun> resumed = this.recovery.recover(journal);
		this.answers.startFrom(events);
		this.answers.startFrom(this.reader.positionsAt(Topic.HEALTH_VERDICTS, oldest));
		this.listeners.getListenerContainer(AnswerReaders.NGINX_EVENTS).start();
		this.listeners.getListenerContainer(AnswerReaders.VERDICTS).start();
		awaitPositioned();
		this.desk.resume(resumed);
		logger.info("State rebuilt; {} unfinished deploy(s) resumed; taking deploy requests", resumed.size());
		this.listeners.getListenerContainer(DeployerListeners.REQUESTS_LISTENER).start();
		this.listeners.getListenerContainer(UnreadableRequestListener.LISTENER).start();
	}

}
