package dev.baton.deployer.acceptance;

import java.time.Instant;
import java.util.List;
import java.util.concurrent.Executors;
import java.util.concurrent.ScheduledExecutorService;
import java.util.concurrent.TimeUnit;

import dev.baton.contracts.Gate;
import dev.baton.contracts.NodeId;
import dev.baton.contracts.ServiceName;
import dev.baton.contracts.Topic;
import dev.baton.contracts.nginx.NginxCommand;
import dev.baton.contracts.nginx.NginxEvent;
import dev.baton.contracts.nginx.NodeHeartbeat;
import dev.baton.contracts.nginx.PeerApplied;
import dev.baton.contracts.nginx.PeerDrained;
import dev.baton.contracts.nginx.SetPeerGate;
import dev.baton.kafka.testing.TestKafka;

/**
 * Plays one nginx-control node by the real protocol: heartbeats every
 * {@value #INTERVAL_MILLIS} ms, answers every closing DEPLOY command with
 * {@link PeerDrained} and every opening one with {@link PeerApplied} (up), naming the
 * command's id. It can be told to fall silent (no heartbeat, no answer) on the next
 * closing command, as a node that dies mid-deploy would.
 */
final class FakeNginxNode implements AutoCloseable {

	static final long INTERVAL_MILLIS = 200;

	private final NodeId nodeId;

	private final ServiceName service;

	private final TestKafka kafka;

	private final String events;

	private final ScheduledExecutorService heartbeats = Executors.newSingleThreadScheduledExecutor();

	private final TopicFollower commands;

	private volatile boolean dieOnNextClose;

	private volatile boolean dead;

	FakeNginxNode(String nodeId, ServiceName service, TestKafka kafka, String prefix) {
		this.nodeId = NodeId.of(nodeId);
		this.service = service;
		this.kafka = kafka;
		this.events = Topic.NGINX_EVENTS.nameWith(prefix);
		this.heartbeats.scheduleAtFixedRate(this::heartbeat, 0, INTERVAL_MILLIS, TimeUnit.MILLISECONDS);
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

	private void heartbeat() {
		if (!this.dead) {
			publish(new NodeHeartbeat(this.nodeId, "epoch-1", List.of(this.service), INTERVAL_MILLIS, Instant.now()));
		}
	}

	private void onCommand(NginxCommand command) {
		if (!(command instanceof SetPeerGate gate) || gate.gate() != Gate.DEPLOY || this.dead) {
			return;
		}
		if (!gate.open() && this.dieOnNextClose) {
			this.dead = true;
			return;
		}
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
	}

}
