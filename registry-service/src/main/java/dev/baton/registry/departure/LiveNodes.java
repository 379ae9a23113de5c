package dev.baton.registry.departure;

import java.time.Duration;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.Set;
import java.util.TreeSet;
import java.util.function.LongSupplier;

import dev.baton.contracts.NodeId;
import dev.baton.contracts.ServiceName;
import dev.baton.contracts.nginx.NginxEvent;
import dev.baton.contracts.nginx.NodeForgotten;
import dev.baton.contracts.nginx.NodeHeartbeat;
import dev.baton.contracts.nginx.NodeLeft;

/**
 * The nginx nodes whose word a departure waits for: every node heard from within the
 * expiry, until it says it left or an operator forgets it. Silence shorter than the
 * expiry never removes a node: an nginx-control that died does not mean its nginx stopped
 * routing. A node is heard from when this process reads its heartbeat, on this process's
 * monotonic clock: the heartbeat's own stamp, from another host's clock, never counts.
 */
final class LiveNodes {

	private final long expiryNanos;

	private final LongSupplier nanoTime;

	private final Map<NodeId, Heard> nodes = new HashMap<>();

	LiveNodes(Duration expiry, LongSupplier nanoTime) {
		this.expiryNanos = expiry.toNanos();
		this.nanoTime = nanoTime;
	}

	/**
	 * Takes any event of {@code nginx.events}.
	 * @param event the event
	 * @return the node the event removed, if it removed one
	 */
	Optional<NodeId> follow(NginxEvent event) {
		if (event instanceof NodeHeartbeat heartbeat) {
			this.nodes.put(heartbeat.nodeId(), new Heard(this.nanoTime.getAsLong(), heartbeat.services()));
		}
		else if (event instanceof NodeLeft left) {
			return removed(left.nodeId());
		}
		else if (event instanceof NodeForgotten forgotten) {
			return removed(forgotten.nodeId());
		}
		return Optional.empty();
	}

	private Optional<NodeId> removed(NodeId node) {
		this.nodes.remove(node);
		return Optional.of(node);
	}

	/**
	 * The nodes that may route to a service's peers now; a node that lists no services is
	 * taken to serve them all.
	 * @param service the service
	 * @return the nodes, sorted by id
	 */
	Set<NodeId> of(ServiceName service) {
		Set<NodeId> live = new TreeSet<>((a, b) -> a.value().compareTo(b.value()));
		this.nodes.forEach((node, heard) -> {
			if (isLive(node) && (heard.services().isEmpty() || heard.services().contains(service))) {
				live.add(node);
			}
		});
		return live;
	}

	private boolean isLive(NodeId node) {
		Heard heard = this.nodes.get(node);
		return heard != null && this.nanoTime.getAsLong() - heard.atNanos() < this.expiryNanos;
	}

	/**
	 * @param atNanos when its latest heartbeat was read, on this process's monotonic
	 * clock
	 * @param services the services it serves
	 */
	private record Heard(long atNanos, List<ServiceName> services) {

	}

}
