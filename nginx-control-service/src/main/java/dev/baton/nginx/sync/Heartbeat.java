package dev.baton.nginx.sync;

import java.time.Clock;
import java.time.Duration;
import java.util.List;
import java.util.concurrent.Executors;
import java.util.concurrent.ScheduledExecutorService;
import java.util.concurrent.TimeUnit;

import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

import dev.baton.contracts.NodeId;
import dev.baton.contracts.ServiceName;
import dev.baton.contracts.nginx.NodeHeartbeat;

/**
 * Tells the deployer this node is alive, which nginx (epoch) it drives and which
 * upstreams it serves, so it waits for exactly the answers of live nodes.
 */
public class Heartbeat implements AutoCloseable {

	private static final Logger logger = LoggerFactory.getLogger(Heartbeat.class);

	private final NodeId node;

	private final List<ServiceName> services;

	private final PeerSync sync;

	private final NodeEvents events;

	private final Clock clock;

	private final Duration interval;

	private final ScheduledExecutorService timer = Executors
		.newSingleThreadScheduledExecutor((task) -> new Thread(task, "baton-heartbeat"));

	public Heartbeat(NodeId node, List<ServiceName> services, PeerSync sync, NodeEvents events, Clock clock,
			Duration interval) {
		this.node = node;
		this.services = List.copyOf(services);
		this.sync = sync;
		this.events = events;
		this.clock = clock;
		this.interval = interval;
	}

	public void start() {
		this.timer.scheduleAtFixedRate(this::beat, 0, this.interval.toMillis(), TimeUnit.MILLISECONDS);
	}

	private void beat() {
		try {
			this.events.publish(new NodeHeartbeat(this.node, this.sync.epoch(), this.services, this.interval.toMillis(),
					this.clock.instant()));
		}
		catch (RuntimeException ex) {
			logger.error("Cannot send the heartbeat; trying again in {}", this.interval, ex);
		}
	}

	@Override
	public void close() {
		this.timer.shutdownNow();
	}

}
