package dev.baton.nginx.sync;

import java.time.Clock;
import java.time.Duration;
import java.util.List;
import java.util.concurrent.Executors;
import java.util.concurrent.RejectedExecutionException;
import java.util.concurrent.ScheduledExecutorService;
import java.util.concurrent.TimeUnit;

import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

import dev.baton.contracts.NodeId;
import dev.baton.contracts.ServiceName;
import dev.baton.contracts.nginx.NodeHeartbeat;
import dev.baton.contracts.nginx.UpstreamPeer;
import dev.baton.nginx.peers.DesiredPeers;

/**
 * Tells the deployer this node is alive, which nginx (epoch) it drives and which
 * upstreams it serves, so it waits for exactly the answers of live nodes. It carries the
 * peers of those upstreams with their state too, so that a reader has this node's view of
 * every peer from its latest heartbeat instead of from every answer it ever published.
 * Paused while the node's nginx is down: a heartbeat would bring the node back into the
 * set of nodes waited for.
 */
public class Heartbeat implements AutoCloseable {

	private static final Logger logger = LoggerFactory.getLogger(Heartbeat.class);

	private final NodeId node;

	private final List<ServiceName> services;

	private final PeerSync sync;

	private final DesiredPeers desired;

	private final NodeEvents events;

	private final Clock clock;

	private final Duration interval;

	private final ScheduledExecutorService timer = Executors
		.newSingleThreadScheduledExecutor((task) -> new Thread(task, "baton-heartbeat"));

	private boolean paused;

	public Heartbeat(NodeId node, List<ServiceName> services, PeerSync sync, DesiredPeers desired, NodeEvents events,
			Clock clock, Duration interval) {
		this.node = node;
		this.services = List.copyOf(services);
		this.sync = sync;
		this.desired = desired;
		this.events = events;
		this.clock = clock;
		this.interval = interval;
	}

	public void start() {
		this.timer.scheduleAtFixedRate(this::beat, 0, this.interval.toMillis(), TimeUnit.MILLISECONDS);
	}

	/**
	 * Stops sending until {@link #resume()}; once it returns, no heartbeat is sent, even
	 * one already due.
	 */
	public synchronized void pause() {
		this.paused = true;
	}

	/** Sends a heartbeat at once, and again every interval. */
	public void resume() {
		synchronized (this) {
			this.paused = false;
		}
		try {
			this.timer.execute(this::beat);
		}
		catch (RejectedExecutionException ex) {
			logger.debug("Not resuming heartbeats: the node is stopping");
		}
	}

	private synchronized void beat() {
		if (this.paused) {
			return;
		}
		try {
			this.events.publish(new NodeHeartbeat(this.node, this.sync.epoch(), this.services, this.interval.toMillis(),
					this.clock.instant(), peers()));
		}
		catch (RuntimeException ex) {
			logger.error("Cannot send the heartbeat; trying again in {}", this.interval, ex);
		}
	}

	private List<UpstreamPeer> peers() {
		return this.services.stream()
			.flatMap((service) -> this.desired.peerSet(service)
				.peers()
				.stream()
				.map((peer) -> new UpstreamPeer(service, peer.endpoint().host(), peer.endpoint().port(), peer.up(),
						peer.weight())))
			.toList();
	}

	@Override
	public void close() {
		this.timer.shutdownNow();
	}

}
