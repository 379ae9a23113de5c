package dev.baton.nginx.sync;

import java.time.Clock;

import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

import dev.baton.contracts.NodeId;
import dev.baton.contracts.nginx.NodeLeft;
import dev.baton.nginx.dataplane.ServingChanges;

/**
 * Keeps the deployer's set of nodes to wait for honest about this node. A node leaves it
 * only by saying so ({@code NodeLeft}), and only when its nginx really routes no more:
 * its managed nginx is down, or stopped with the node. Heartbeats stop while nginx is
 * down and bring the node back once it runs again. A node in attached mode never says it
 * left: the operator's nginx keeps routing whether the node runs or not.
 */
public class NodePresence implements ServingChanges {

	private static final Logger logger = LoggerFactory.getLogger(NodePresence.class);

	private final NodeId node;

	private final Heartbeat heartbeat;

	private final NodeEvents events;

	private final Clock clock;

	public NodePresence(NodeId node, Heartbeat heartbeat, NodeEvents events, Clock clock) {
		this.node = node;
		this.heartbeat = heartbeat;
		this.events = events;
		this.clock = clock;
	}

	@Override
	public void stopped(String reason) {
		this.heartbeat.pause();
		leave(reason);
	}

	@Override
	public void resumed() {
		logger.info("nginx serves again: node {} is back", this.node);
		this.heartbeat.resume();
	}

	/** The node stopped, and its nginx with it. */
	public void stoppedWithNginx() {
		leave("stopped");
		this.events.flush();
	}

	private void leave(String reason) {
		logger.info("Node {} left: {}", this.node, reason);
		this.events.publish(new NodeLeft(this.node, reason, this.clock.instant()));
	}

}
