package dev.baton.registry.kafka;

import java.time.Duration;
import java.time.Instant;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.ScheduledExecutorService;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicLong;

import org.apache.kafka.common.TopicPartition;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

import org.springframework.context.SmartLifecycle;
import org.springframework.kafka.config.KafkaListenerEndpointRegistry;

import dev.baton.contracts.GateKey;
import dev.baton.contracts.RecordPosition;
import dev.baton.contracts.Topic;
import dev.baton.contracts.deploy.DeployStep;
import dev.baton.contracts.health.VerdictIssued;
import dev.baton.contracts.nginx.NginxEvent;
import dev.baton.contracts.nginx.SetPeerGate;
import dev.baton.contracts.registry.InstanceSnapshot;
import dev.baton.kafka.CompactedTopicReader;
import dev.baton.kafka.PeerPartitions;
import dev.baton.registry.gates.GateChange;
import dev.baton.registry.membership.Registry;
import dev.baton.registry.membership.Registry.GateRecord;

/**
 * Rebuilds the registry before any message is consumed live: its own snapshots from
 * {@code registry.state}, the gates it published from {@code nginx.commands} and, from
 * {@code deploy.steps}, the versions each service expects; then the verdicts issued since
 * it last consumed any, judged against those versions; from {@code nginx.events}, the
 * nginx nodes live now. Only then are instances judged again, gates repaired, the drains
 * of leaving instances started again and the listeners started, so a restarted registry
 * decides exactly as the stopped one would have.
 */
public class RegistryStartup implements SmartLifecycle {

	private static final Logger logger = LoggerFactory.getLogger(RegistryStartup.class);

	private final CompactedTopicReader reader;

	private final PeerPartitions gatePartitions;

	private final Registry registry;

	private final KafkaListenerEndpointRegistry listeners;

	private final ExpectedVersionsListener steps;

	private final NginxEventsListener nginxEvents;

	private final Duration nodeExpiry;

	private final ScheduledExecutorService departures = Executors.newSingleThreadScheduledExecutor((task) -> {
		Thread thread = new Thread(task, "registry-departures");
		thread.setDaemon(true);
		return thread;
	});

	private volatile boolean running;

	public RegistryStartup(CompactedTopicReader reader, Registry registry, KafkaListenerEndpointRegistry listeners,
			ExpectedVersionsListener steps, NginxEventsListener nginxEvents, PeerPartitions gatePartitions,
			Duration nodeExpiry) {
		this.reader = reader;
		this.gatePartitions = gatePartitions;
		this.registry = registry;
		this.listeners = listeners;
		this.steps = steps;
		this.nginxEvents = nginxEvents;
		this.nodeExpiry = nodeExpiry;
	}

	@Override
	public void start() {
		ExecutorService beside = Executors.newSingleThreadExecutor();
		try {
			start(beside);
		}
		finally {
			beside.shutdown();
		}
	}

	private void start(ExecutorService beside) {
		// The whole history of deploy.steps, read beside the registry's own topics so it
		// adds no wait of its own; a step only teaches versions, nothing is published.
		AtomicLong learned = new AtomicLong();
		CompletableFuture<Map<TopicPartition, Long>> deploySteps = CompletableFuture
			.supplyAsync(() -> this.reader.readSince(Topic.DEPLOY_STEPS, Instant.EPOCH, (key, value) -> {
				this.registry.replay((DeployStep) value);
				learned.incrementAndGet();
			}), beside);
		List<InstanceSnapshot> snapshots = new ArrayList<>();
		this.reader.readToEnd(Topic.REGISTRY_STATE, (key, value) -> {
			if (value instanceof InstanceSnapshot snapshot) {
				snapshots.add(snapshot);
			}
		});
		// As far back as a silent node is still waited for: the nodes a drain must hear
		// from are known before any drain starts.
		Map<TopicPartition, Long> eventsEnd = this.reader.readSince(Topic.NGINX_EVENTS,
				Instant.now().minus(this.nodeExpiry), (key, value) -> this.registry.replay((NginxEvent) value));
		List<GateRecord> gates = new ArrayList<>();
		// A key that names no gate never gets here: the reader dead-letters it, as a live
		// listener would; nor a gate off its peer's partition, which no node applies.
		this.reader.readToEnd(Topic.NGINX_COMMANDS, (key, value, position) -> {
			this.gatePartitions.require(key, position.partition());
			gates.add(new GateRecord(GateKey.parse(key), (value instanceof SetPeerGate gate) ? gate.open() : null));
		});
		this.registry.restore(snapshots, gates);
		Map<TopicPartition, Long> stepsEnd = deploySteps.join();
		// Verdicts published while the registry was down are newer than its own last
		// snapshots: a registry killed between an instance's snapshot and its gate
		// command
		// would otherwise "repair" that gate from a verdict already superseded, and take
		// a healthy instance out of rotation until the listener caught up.
		// Only each instance's newest verdict is judged: one superseded while the
		// registry
		// was down says nothing of now, and judging it would publish a gate long since
		// untrue (an instance restarted by a deploy would leave rotation again for as
		// long
		// as the catch-up took to reach its next verdict, beside a peer the deploy
		// drains).
		// An instance's verdicts share its key, so the last one read is its newest.
		Map<String, PositionedVerdict> newest = new LinkedHashMap<>();
		long verdicts = this.reader.catchUp(Topic.HEALTH_VERDICTS, RegistryListeners.VERDICTS_GROUP,
				(key, value, position) -> newest.put(key, new PositionedVerdict((VerdictIssued) value, position)));
		newest.values().forEach((verdict) -> this.registry.handle(verdict.verdict(), verdict.position()));
		List<GateChange> repairs = this.registry.reconcile();
		logger.info(
				"Rebuilt {} instances and the expected versions from {} deploy steps; read {} verdicts"
						+ " issued since and judged the newest of {} instances; repaired {} gates",
				snapshots.size(), learned.get(), verdicts, newest.size(), repairs.size());
		this.registry.resumeDepartures();
		this.nginxEvents.startFrom(eventsEnd);
		this.listeners.getListenerContainer(NginxEventsListener.NGINX_EVENTS).start();
		this.departures.scheduleWithFixedDelay(this.registry::checkDepartures, 1, 1, TimeUnit.SECONDS);
		this.steps.startFrom(stepsEnd);
		this.listeners.getListenerContainer(ExpectedVersionsListener.DEPLOY_STEPS).start();
		this.listeners.getListenerContainer(RegistryListeners.REGISTRATIONS).start();
		this.listeners.getListenerContainer(RegistryListeners.OPERATIONS).start();
		this.listeners.getListenerContainer(RegistryListeners.VERDICTS).start();
		this.running = true;
	}

	private record PositionedVerdict(VerdictIssued verdict, RecordPosition position) {
	}

	@Override
	public void stop() {
		this.departures.shutdownNow();
		this.running = false;
	}

	@Override
	public boolean isRunning() {
		return this.running;
	}

}
