package dev.baton.deployer.fleet;

import java.time.Duration;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.Set;
import java.util.TreeSet;

import dev.baton.clock.Ticker;
import dev.baton.contracts.NodeId;
import dev.baton.contracts.ServiceName;
import dev.baton.contracts.nginx.NginxEvent;
import dev.baton.contracts.nginx.NodeForgotten;
import dev.baton.contracts.nginx.NodeHeartbeat;
import dev.baton.contracts.nginx.NodeLeft;

/**
 * The nginx nodes a gate command must be answered by: every node that ever sent a
 * heartbeat, until it says it left ({@link NodeLeft}), an operator forgets it
 * ({@link NodeForgotten}) or it has been silent longer than the expiry. Silence alone,
 * shorter than that, never removes a node: an nginx-control that died does not mean its
 * nginx stopped routing.
 * <p>
 * No time a record carries decides anything here: a node's clock, or an operator's, may
 * be minutes off this one. Heartbeats, departures and removals of one node share its key,
 * so they are read in the order they were written, and the last one read wins. Silence is
 * timed from when this deployer read the heartbeat, on its own monotonic clock; a
 * heartbeat read back at start counts from then, so a node is never dropped sooner than a
 * full expiry after this deployer could last have heard from it.
 */
public final class NginxNodes {

	private final Ticker ticker;

	private final Duration expiry;

	private final NodeRemovals removals;

	private final Map<NodeId, Known> nodes = new HashMap<>();

	public NginxNodes(Ticker ticker, Duration expiry, NodeRemovals removals) {
		this.ticker = ticker;
		this.expiry = expiry;
		this.removals = removals;
	}

	/**
	 * Takes an event read live: a removal it causes is reported, once.
	 * @param event any event of {@code nginx.events}
	 */
	public void follow(NginxEvent event) {
		apply(event, true);
	}

	/**
	 * Takes an event read back at start-up: removals were reported when they happened.
	 * @param event any event of {@code nginx.events}
	 */
	public void replay(NginxEvent event) {
		apply(event, false);
	}

	private synchronized void apply(NginxEvent event, boolean live) {
		if (event instanceof NodeHeartbeat heartbeat) {
			this.nodes.put(heartbeat.nodeId(), new Known(this.ticker.nanos(), heartbeat.services(), false, false));
		}
		else if (event instanceof NodeLeft left) {
			remove(left.nodeId(), live, "node.left", "the node left: " + left.reason());
		}
		else if (event instanceof NodeForgotten forgotten) {
			remove(forgotten.nodeId(), live, "node.forgotten",
					"forgotten by " + forgotten.requestedBy() + ": " + forgotten.reason());
		}
		if (live) {
			reportExpired();
		}
	}

	private void remove(NodeId node, boolean live, String action, String reason) {
		Known known = this.nodes.get(node);
		if (known == null) {
			return;
		}
		boolean wasMember = known.member(this.ticker.nanos(), this.expiry);
		this.nodes.put(node, new Known(known.heardNanos(), known.services(), true, known.expiryReported()));
		if (live && wasMember) {
			this.removals.removed(node, action, reason);
		}
	}

	private void reportExpired() {
		long now = this.ticker.nanos();
		this.nodes.replaceAll((node, known) -> {
			if (known.expiryReported() || known.removed() || known.member(now, this.expiry)) {
				return known;
			}
			this.removals.removed(node, "node.expired",
					"no heartbeat for " + Duration.ofNanos(now - known.heardNanos()).withNanos(0)
							+ ", longer than the expiry of " + this.expiry);
			return new Known(known.heardNanos(), known.services(), known.removed(), true);
		});
	}

	/**
	 * The nodes that must answer for a service; a node that lists no services is taken to
	 * serve them all.
	 * @param service the service
	 * @return the nodes, sorted by id
	 */
	public synchronized Set<NodeId> nodesOf(ServiceName service) {
		reportExpired();
		long now = this.ticker.nanos();
		Set<NodeId> members = new TreeSet<>((a, b) -> a.value().compareTo(b.value()));
		this.nodes.forEach((node, known) -> {
			if (known.member(now, this.expiry) && (known.services().isEmpty() || known.services().contains(service))) {
				members.add(node);
			}
		});
		return members;
	}

	public synchronized boolean isMember(NodeId node) {
		return Optional.ofNullable(this.nodes.get(node))
			.map((known) -> known.member(this.ticker.nanos(), this.expiry))
			.orElse(false);
	}

	/**
	 * How long until a node leaves the set by expiry unless it sends another heartbeat.
	 * @param node the node
	 * @return the time left, zero once expired, or empty for a node never heard from
	 */
	public synchronized Optional<Duration> untilExpiry(NodeId node) {
		long now = this.ticker.nanos();
		return Optional.ofNullable(this.nodes.get(node))
			.map((known) -> Duration.ofNanos(Math.max(0, this.expiry.toNanos() - (now - known.heardNanos()))));
	}

	/**
	 * @param heardNanos when this deployer read the newest heartbeat, on its ticker
	 * @param removed whether the node left or was forgotten after that heartbeat
	 * @param expiryReported whether the expiry of this heartbeat was reported
	 */
	private record Known(long heardNanos, List<ServiceName> services, boolean removed, boolean expiryReported) {

		boolean member(long nowNanos, Duration expiry) {
			return !this.removed && nowNanos - this.heardNanos < expiry.toNanos();
		}

	}

}
