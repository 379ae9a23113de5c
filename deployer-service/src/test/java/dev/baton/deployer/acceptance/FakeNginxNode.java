package dev.baton.deployer.acceptance;

import java.time.Instant;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.Executors;
import java.util.concurrent.ScheduledExecutorService;
import java.util.concurrent.TimeUnit;
import java.util.function.Function;

import dev.baton.contracts.Endpoint;
import dev.baton.contracts.Gate;
import dev.baton.contracts.InstanceId;
import dev.baton.contracts.NodeId;
import dev.baton.contracts.ServiceName;
import dev.baton.contracts.Topic;
import dev.baton.contracts.nginx.NginxCommand;
import dev.baton.contracts.nginx.NginxEvent;
import dev.baton.contracts.nginx.NodeHeartbeat;
import dev.baton.contracts.nginx.PeerApplied;
import dev.baton.contracts.nginx.PeerDrained;
import dev.baton.contracts.nginx.PeerStats;
import dev.baton.contracts.nginx.PeerTally;
import dev.baton.contracts.nginx.SetPeerGate;
import dev.baton.contracts.registry.InstanceSnapshot;
import dev.baton.contracts.registry.RegistryStateMessage;
import dev.baton.kafka.testing.TestKafka;

/**
 * Plays one nginx-control node by the real protocol: heartbeats every
 * {@value #INTERVAL_MILLIS} ms, answers every closing DEPLOY command with
 * {@link PeerDrained} and every opening one with {@link PeerApplied} (up), naming the
 * command's id. It can be told to fall silent (no heartbeat, no answer) on the next
 * closing command, as a node that dies mid-deploy would. Given traffic, it reports
 * {@link PeerStats} every interval as a node would see it: the requests spread over the
 * service's peers in rotation by their DEPLOY gate's weight (a full peer's being 100),
 * each peer failing the share of them its version's error rate says.
 */
final class FakeNginxNode implements AutoCloseable {

	static final long INTERVAL_MILLIS = 200;

	/** Every request of the fake takes between 5 and 10 ms: the second latency bucket. */
	private static final int LATENCY_BUCKET = 1;

	private final NodeId nodeId;

	private final ServiceName service;

	private final TestKafka kafka;

	private final String events;

	private final ScheduledExecutorService heartbeats = Executors.newSingleThreadScheduledExecutor();

	private final TopicFollower commands;

	private final TopicFollower fleet;

	/** The service's registered instances by endpoint. */
	private final Map<Endpoint, InstanceId> instances = new ConcurrentHashMap<>();

	/** The latest DEPLOY command of each peer. */
	private final Map<Endpoint, SetPeerGate> deployGates = new ConcurrentHashMap<>();

	private volatile boolean dieOnNextClose;

	private volatile boolean dead;

	private volatile Traffic traffic;

	FakeNginxNode(String nodeId, ServiceName service, TestKafka kafka, String prefix) {
		this.nodeId = NodeId.of(nodeId);
		this.service = service;
		this.kafka = kafka;
		this.events = Topic.NGINX_EVENTS.nameWith(prefix);
		this.heartbeats.scheduleAtFixedRate(this::heartbeat, 0, INTERVAL_MILLIS, TimeUnit.MILLISECONDS);
		this.fleet = new TopicFollower(kafka.bootstrapServers(), Topic.REGISTRY_STATE.nameWith(prefix),
				(key, value) -> {
					if (value != null && Json.read(value, RegistryStateMessage.class) instanceof InstanceSnapshot s
							&& s.service().equals(service)) {
						if (s.deregistered()) {
							this.instances.remove(s.endpoint());
						}
						else {
							this.instances.put(s.endpoint(), s.instanceId());
						}
					}
				});
		this.commands = new TopicFollower(kafka.bootstrapServers(), Topic.NGINX_COMMANDS.nameWith(prefix),
				(key, value) -> {
					if (value != null) {
						onCommand(Json.read(value, NginxCommand.class));
					}
				});
	}

	void dieOnNextClose() {
		this.dieOnNextClose = true;
	}

	/**
	 * Starts reporting traffic.
	 * @param requestsPerInterval the requests the service gets per interval
	 * @param versionOf the version an instance runs now
	 * @param errorRateOf the share of its requests a version fails
	 */
	void traffic(int requestsPerInterval, Function<InstanceId, String> versionOf,
			Function<String, Double> errorRateOf) {
		this.traffic = new Traffic(requestsPerInterval, versionOf, errorRateOf);
	}

	private void heartbeat() {
		if (!this.dead) {
			publish(new NodeHeartbeat(this.nodeId, "epoch-1", List.of(this.service), INTERVAL_MILLIS, Instant.now()));
			Traffic current = this.traffic;
			if (current != null) {
				report(current);
			}
		}
	}

	private void report(Traffic current) {
		Map<Endpoint, Integer> weights = new ConcurrentHashMap<>();
		this.instances.keySet().forEach((peer) -> {
			SetPeerGate gate = this.deployGates.get(peer);
			if (gate == null || gate.open()) {
				weights.put(peer, (gate != null) ? gate.weight() : SetPeerGate.FULL_WEIGHT);
			}
		});
		int total = weights.values().stream().mapToInt(Integer::intValue).sum();
		List<PeerTally> tallies = new ArrayList<>();
		weights.forEach((peer, weight) -> {
			long requests = Math.round((double) current.requestsPerInterval() * weight / total);
			String version = current.versionOf().apply(this.instances.get(peer));
			long errors = Math.round(requests * current.errorRateOf().apply(version));
			List<Long> buckets = new ArrayList<>();
			for (int i = 0; i <= PeerStats.LATENCY_BUCKETS_MILLIS.size(); i++) {
				buckets.add((i == LATENCY_BUCKET) ? requests : 0L);
			}
			tallies.add(new PeerTally(peer.host(), peer.port(), requests, errors, 0, buckets));
		});
		Instant now = Instant.now();
		publish(new PeerStats(this.nodeId, this.service, now.minusMillis(INTERVAL_MILLIS), now, tallies));
	}

	private void onCommand(NginxCommand command) {
		if (!(command instanceof SetPeerGate gate) || gate.gate() != Gate.DEPLOY || this.dead) {
			return;
		}
		if (!gate.open() && this.dieOnNextClose) {
			this.dead = true;
			return;
		}
		this.deployGates.put(gate.endpoint(), gate);
		publish(gate.open()
				? new PeerApplied(this.nodeId, gate.commandId(), gate.service(), gate.host(), gate.port(), true,
						Instant.now())
				: new PeerDrained(this.nodeId, gate.commandId(), gate.service(), gate.host(), gate.port(), 3,
						Instant.now()));
	}

	private void publish(NginxEvent event) {
		this.kafka.send(this.events, this.service.value(), Json.write(NginxEvent.class, event));
	}

	@Override
	public void close() throws InterruptedException {
		this.heartbeats.shutdownNow();
		this.commands.close();
		this.fleet.close();
	}

	private record Traffic(int requestsPerInterval, Function<InstanceId, String> versionOf,
			Function<String, Double> errorRateOf) {
	}

}
