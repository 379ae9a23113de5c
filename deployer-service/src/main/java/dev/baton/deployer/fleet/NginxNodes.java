package dev.baton.deployer.fleet;

import java.time.Clock;
import java.time.Duration;
import java.time.Instant;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.Set;
import java.util.TreeSet;

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
 * nginx stopped routing. A heartbeat newer than a node's removal brings it back, whatever
 * order the two are read in. Times in the future count as now, so a fast clock cannot
 * keep a node in the set, nor keep it out.
 */
public final class NginxNodes {

	private final Clock clock;

	private final Duration expiry;

	private final NodeRemovals removals;

	private final Map<NodeId, Known> nodes = new HashMap<>();

	public NginxNodes(Clock clock, Duration expiry, NodeRemovals removals) {
		this.clock = clock;
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
			Known known = this.nodes.get(heartbeat.nodeId());
			Instant at = notAfterNow(heartbeat.at());
			if (known == null || at.isAfter(known.heardAt())) {
				this.nodes.put(heartbeat.nodeId(),
						new Known(at, heartbeat.services(), (known != null) ? known.removedAt() : null, false));
			}
		}
		else if (event instanceof NodeLeft left) {
			remove(left.nodeId(), left.at(), live, "node.left", "the node left: " + left.reason());
		}
		else if (event instanceof NodeForgotten forgotten) {
			remove(forgotten.nodeId(), forgotten.at(), live, "node.forgotten",
					"forgotten by " + forgotten.requestedBy() + ": " + forgotten.reason());
		}
		if (live) {
			reportExpired();
		}
	}

	private void remove(NodeId node, Instant at, boolean live, String action, String reason) {
		Known known = this.nodes.computeIfAbsent(node, (id) -> new Known(Instant.EPOCH, List.of(), null, false));
		boolean wasMember = known.member(this.clock.instant(), this.expiry);
		Instant removedAt = notAfterNow(at);
		if (known.removedAt() == null || removedAt.isAfter(known.removedAt())) {
			this.nodes.put(node, new Known(known.heardAt(), known.services(), removedAt, known.expiryReported()));
		}
		if (live && wasMember && !this.nodes.get(node).member(this.clock.instant(), this.expiry)) {
			this.removals.removed(node, action, reason);
		}
	}

	private void reportExpired() {
		Instant now = this.clock.instant();
		this.nodes.replaceAll((node, known) -> {
			if (known.expiryReported() || !known.notRemoved() || known.heardAt().plus(this.expiry).isAfter(now)) {
				return known;
			}
			this.removals.removed(node, "node.expired",
					"no heartbeat since " + known.heardAt() + ", longer than the expiry of " + this.expiry);
			return new Known(known.heardAt(), known.services(), known.removedAt(), true);
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
		Instant now = this.clock.instant();
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
			.map((known) -> known.member(this.clock.instant(), this.expiry))
			.orElse(false);
	}

	/**
	 * When a node leaves the set by expiry unless it sends another heartbeat.
	 * @param node the node
	 * @return the moment, or empty for a node never heard from
	 */
	public synchronized Optional<Instant> expiresAt(NodeId node) {
		return Optional.ofNullable(this.nodes.get(node)).map((known) -> known.heardAt().plus(this.expiry));
	}

	private Instant notAfterNow(Instant at) {
		Instant now = this.clock.instant();
		return at.isAfter(now) ? now : at;
	}

	/**
	 * @param heardAt the newest heartbeat
	 * @param removedAt the newest removal, or null
	 * @param expiryReported whether the expiry of this heartbeat was reported
	 */
	private record Known(Instant heardAt, List<ServiceName> services, Instant removedAt, boolean expiryReported) {

		boolean member(Instant now, Duration expiry) {
			return notRemoved() && this.heardAt.plus(expiry).isAfter(now);
		}

		boolean notRemoved() {
			return this.removedAt == null || this.heardAt.isAfter(this.removedAt);
		}

	}

}
