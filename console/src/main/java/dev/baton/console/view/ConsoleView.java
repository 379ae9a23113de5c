package dev.baton.console.view;

import java.time.Instant;
import java.time.temporal.ChronoUnit;
import java.util.ArrayDeque;
import java.util.ArrayList;
import java.util.Comparator;
import java.util.HashMap;
import java.util.Iterator;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.TreeMap;

import dev.baton.contracts.EndpointFields;
import dev.baton.contracts.Gate;
import dev.baton.contracts.ServiceName;
import dev.baton.contracts.audit.AuditRecorded;
import dev.baton.contracts.deploy.DeployFailed;
import dev.baton.contracts.deploy.DeployPlanned;
import dev.baton.contracts.deploy.DeployRejected;
import dev.baton.contracts.deploy.DeployStarted;
import dev.baton.contracts.deploy.DeployStep;
import dev.baton.contracts.deploy.DeploySucceeded;
import dev.baton.contracts.health.HealthStatus;
import dev.baton.contracts.nginx.Figures;
import dev.baton.contracts.nginx.NginxEvent;
import dev.baton.contracts.nginx.NodeForgotten;
import dev.baton.contracts.nginx.NodeHeartbeat;
import dev.baton.contracts.nginx.NodeLeft;
import dev.baton.contracts.nginx.PeerApplied;
import dev.baton.contracts.nginx.PeerDrainTimedOut;
import dev.baton.contracts.nginx.PeerDrained;
import dev.baton.contracts.nginx.PeerDraining;
import dev.baton.contracts.nginx.PeerStats;
import dev.baton.contracts.nginx.PeerTally;
import dev.baton.contracts.nginx.SetPeerGate;
import dev.baton.contracts.nginx.UpstreamPeer;
import dev.baton.contracts.registry.InstanceSnapshot;
import dev.baton.contracts.registry.Lifecycle;

/**
 * Everything the page shows, kept up to date from Baton's topics, and the subscribers
 * (open pages) it tells of each change. A new subscriber is first sent the whole view,
 * then every change after it, under one lock, so that a page misses nothing between the
 * two. The whole view goes in two parts: every service's first {@link #FIRST_PAGE}
 * instances with everything else, which is what a page renders first, then the rest of
 * the instances.
 */
public final class ConsoleView {

	/** How many audit records the page lists. */
	static final int AUDIT_KEPT = 100;

	/** How many seconds of each service's statistics the chart draws. */
	public static final int STATS_KEPT_SECONDS = 120;

	/**
	 * How many of each service's instances, in the order of their ids, come with the
	 * first part of the view: a page's tables show as many at a time.
	 */
	public static final int FIRST_PAGE = 25;

	/** An open page. */
	public interface Subscriber {

		/**
		 * @param kind what changed: {@code view} (everything, with each service's first
		 * page of instances), {@code instances} (the other instances, right after the
		 * view, when there are any), {@code instance}, {@code instance-removed},
		 * {@code node}, {@code node-removed}, {@code deploy}, {@code deploy-removed},
		 * {@code audit}, {@code stats} (a service's chart)
		 * @param data the changed row, or the removed row's id
		 * @return false when the page is gone, and is to be told nothing more
		 */
		boolean send(String kind, Object data);

	}

	/**
	 * The view, as a page first renders it.
	 *
	 * @param counts each service's number of instances, all of them, by service
	 * @param instances the instances, in the order of their ids: all of them, or each
	 * service's first page in the first part of a page's view
	 * @param nodes the nginx nodes
	 * @param deploys the running and recent deploys, in the order they started
	 * @param audit the latest audit records, oldest first
	 * @param stats each service's chart, where statistics came
	 */
	public record Snapshot(Map<String, Integer> counts, List<InstanceRow> instances, List<NodeRow> nodes,
			List<DeployRow> deploys, List<AuditRecorded> audit, List<ServiceStats> stats) {

		/**
		 * @param size how many of each service's instances to keep
		 * @return this view with each service's first instances only
		 */
		public Snapshot firstPages(int size) {
			return new Snapshot(this.counts, beyond(size, false), this.nodes, this.deploys, this.audit, this.stats);
		}

		/**
		 * @param size how many of each service's instances the first pages hold
		 * @return the instances after each service's first ones, in the order of their
		 * ids
		 */
		public List<InstanceRow> laterPages(int size) {
			return beyond(size, true);
		}

		private List<InstanceRow> beyond(int size, boolean later) {
			Map<String, Integer> seen = new HashMap<>();
			return this.instances.stream()
				.filter((row) -> seen.merge(row.service(), 1, Integer::sum) > size == later)
				.toList();
		}

	}

	private final int recentDeploys;

	private final Map<String, InstanceSnapshot> instances = new TreeMap<>();

	/** Peer key ({@code service/host:port}) to the instance there. */
	private final Map<String, String> instanceAt = new HashMap<>();

	/** Peer key to its DEPLOY gate, as the page shows it. */
	private final Map<String, String> deployGates = new HashMap<>();

	/** Peer key to each node's view of it. */
	private final Map<String, Map<String, String>> peerViews = new HashMap<>();

	private final Map<String, NodeRow> nodes = new TreeMap<>();

	/** In the order their first steps came. */
	private final LinkedHashMap<String, DeployRow> deploys = new LinkedHashMap<>();

	private final ArrayDeque<AuditRecorded> audit = new ArrayDeque<>();

	/** Service to its figures by second, summed over the nodes that counted them. */
	private final Map<String, TreeMap<Instant, Figures>> stats = new TreeMap<>();

	private final List<Subscriber> subscribers = new ArrayList<>();

	/**
	 * @param recentDeploys how many ended deploys to keep
	 */
	public ConsoleView(int recentDeploys) {
		this.recentDeploys = recentDeploys;
	}

	/**
	 * Sends the whole view to a page, each service's first page ahead of the rest of the
	 * instances, then every change.
	 * @param subscriber the page
	 */
	public synchronized void subscribe(Subscriber subscriber) {
		Snapshot whole = snapshot();
		List<InstanceRow> later = whole.laterPages(FIRST_PAGE);
		if (subscriber.send("view", whole.firstPages(FIRST_PAGE))
				&& (later.isEmpty() || subscriber.send("instances", later))) {
			this.subscribers.add(subscriber);
		}
	}

	/**
	 * @return the whole view
	 */
	public synchronized Snapshot snapshot() {
		List<AuditRecorded> trail = new ArrayList<>(this.audit);
		trail.sort(Comparator.comparing(AuditRecorded::at));
		Map<String, Integer> counts = new TreeMap<>();
		this.instances.values().forEach((instance) -> counts.merge(instance.service().value(), 1, Integer::sum));
		return new Snapshot(counts, this.instances.values().stream().map(this::row).toList(),
				List.copyOf(this.nodes.values()), List.copyOf(this.deploys.values()), trail,
				this.stats.keySet().stream().map(this::serviceStats).toList());
	}

	/**
	 * @param deployId a deploy
	 * @return the deploy, while it runs
	 */
	public synchronized Optional<DeployRow> running(String deployId) {
		return Optional.ofNullable(this.deploys.get(deployId)).filter((deploy) -> !deploy.ended());
	}

	/**
	 * @param service a service
	 * @return its deploy that runs, if one does
	 */
	public synchronized Optional<DeployRow> runningOf(String service) {
		return this.deploys.values()
			.stream()
			.filter((deploy) -> !deploy.ended() && deploy.service().equals(service))
			.findFirst();
	}

	/**
	 * An instance's latest state in the registry.
	 * @param instanceId the record's key
	 * @param snapshot the state, or null for a tombstone
	 */
	public synchronized void instance(String instanceId, InstanceSnapshot snapshot) {
		InstanceSnapshot before = this.instances.remove(instanceId);
		if (before != null) {
			this.instanceAt.remove(key(before.service(), before));
		}
		if (snapshot == null || snapshot.lifecycle() == Lifecycle.DEREGISTERED) {
			if (before != null) {
				publish("instance-removed", instanceId);
			}
			return;
		}
		this.instances.put(instanceId, snapshot);
		this.instanceAt.put(key(snapshot.service(), snapshot), instanceId);
		publish("instance", row(snapshot));
	}

	/**
	 * A gate command, of which the DEPLOY gate's are shown.
	 * @param command the command, or null for a tombstone (its key says which)
	 * @param peerKey the peer's key
	 */
	public synchronized void gate(String peerKey, SetPeerGate command) {
		if (command == null) {
			this.deployGates.remove(peerKey);
		}
		else if (command.gate() == Gate.DEPLOY) {
			boolean canary = command.open() && command.weight() != null && command.weight() < 100;
			this.deployGates.put(peerKey, canary ? "open w" + command.weight() : (command.open() ? "open" : "closed"));
		}
		else {
			return;
		}
		changedPeer(peerKey);
	}

	/**
	 * What an nginx node did or saw.
	 * @param event the event
	 */
	public synchronized void nginx(NginxEvent event) {
		if (event instanceof PeerApplied applied) {
			view(applied.nodeId().value(), key(applied.service(), applied), applied.up() ? "up" : "down");
		}
		else if (event instanceof PeerDraining draining) {
			view(draining.nodeId().value(), key(draining.service(), draining),
					"draining, " + draining.inFlight() + " in flight");
		}
		else if (event instanceof PeerDrained drained) {
			view(drained.nodeId().value(), key(drained.service(), drained),
					"drained in " + drained.drainMillis() + " ms");
		}
		else if (event instanceof PeerDrainTimedOut timedOut) {
			view(timedOut.nodeId().value(), key(timedOut.service(), timedOut),
					"drain timed out, " + timedOut.inFlight() + " in flight");
		}
		else if (event instanceof PeerStats counted) {
			stats(counted);
		}
		else if (event instanceof NodeHeartbeat heartbeat) {
			heartbeat(heartbeat);
		}
		else if (event instanceof NodeLeft left) {
			NodeRow node = this.nodes.get(left.nodeId().value());
			if (node != null) {
				NodeRow gone = new NodeRow(node.nodeId(), node.services(), node.lastHeartbeat(), node.intervalMillis(),
						left.reason());
				this.nodes.put(gone.nodeId(), gone);
				publish("node", gone);
			}
			forgetViews(left.nodeId().value());
		}
		else if (event instanceof NodeForgotten forgotten) {
			if (this.nodes.remove(forgotten.nodeId().value()) != null) {
				publish("node-removed", forgotten.nodeId().value());
			}
			forgetViews(forgotten.nodeId().value());
		}
	}

	/**
	 * A deploy's step.
	 * @param step the step
	 */
	public synchronized void step(DeployStep step) {
		String id = step.deployId().value();
		DeployRow before = this.deploys.get(id);
		List<DeployStep> steps = (before != null) ? new ArrayList<>(before.steps()) : new ArrayList<>();
		steps.add(step);
		String outcome = outcome(step);
		boolean ended = outcome != null;
		DeployRow row = new DeployRow(id, step.service().value(),
				(version(step) != null) ? version(step) : (before != null) ? before.version() : null,
				ended ? outcome : "running", (before != null) ? before.startedAt() : step.at(),
				ended ? step.at() : null, List.copyOf(steps));
		this.deploys.put(id, row);
		publish("deploy", row);
		forgetOldDeploys();
	}

	/**
	 * An audit record.
	 * @param record the record
	 */
	public synchronized void audit(AuditRecorded record) {
		this.audit.addLast(record);
		if (this.audit.size() > AUDIT_KEPT) {
			this.audit.removeFirst();
		}
		publish("audit", record);
	}

	private void heartbeat(NodeHeartbeat heartbeat) {
		String nodeId = heartbeat.nodeId().value();
		NodeRow node = new NodeRow(nodeId, heartbeat.services().stream().map(ServiceName::value).toList(),
				heartbeat.at(), heartbeat.intervalMillis(), null);
		this.nodes.put(nodeId, node);
		publish("node", node);
		if (heartbeat.peers() == null) {
			return;
		}
		for (UpstreamPeer peer : heartbeat.peers()) {
			String peerKey = key(peer.service(), peer);
			String current = this.peerViews.getOrDefault(peerKey, Map.of()).get(nodeId);
			// a peer out of rotation is down in every heartbeat: what its drain said
			// stays
			String seen = peer.up() ? ((peer.weight() < 100) ? "up, weight " + peer.weight() : "up")
					: (current != null && !current.startsWith("up")) ? current : "down";
			if (!seen.equals(current)) {
				view(nodeId, peerKey, seen);
			}
		}
	}

	/**
	 * Adds a node's interval to the second it ended in: nodes count over about a second
	 * each, so a second's point sums every node's requests in it.
	 */
	private void stats(PeerStats counted) {
		String service = counted.service().value();
		TreeMap<Instant, Figures> seconds = this.stats.computeIfAbsent(service, (name) -> new TreeMap<>());
		Instant second = counted.to().truncatedTo(ChronoUnit.SECONDS);
		Figures figures = seconds.getOrDefault(second, Figures.NONE);
		for (PeerTally tally : counted.peers()) {
			figures = figures.plus(tally);
		}
		seconds.put(second, figures);
		seconds.headMap(seconds.lastKey().minusSeconds(STATS_KEPT_SECONDS - 1), false).clear();
		publish("stats", serviceStats(service));
	}

	private ServiceStats serviceStats(String service) {
		List<ServiceStats.Point> points = new ArrayList<>();
		this.stats.get(service)
			.forEach((second, figures) -> points
				.add(new ServiceStats.Point(second, figures.requests(), figures.failures(), figures.p99Millis())));
		return new ServiceStats(service, points);
	}

	private void view(String nodeId, String peerKey, String seen) {
		this.peerViews.computeIfAbsent(peerKey, (key) -> new TreeMap<>()).put(nodeId, seen);
		changedPeer(peerKey);
	}

	private void forgetViews(String nodeId) {
		for (Map.Entry<String, Map<String, String>> views : this.peerViews.entrySet()) {
			if (views.getValue().remove(nodeId) != null) {
				changedPeer(views.getKey());
			}
		}
	}

	private void changedPeer(String peerKey) {
		String instanceId = this.instanceAt.get(peerKey);
		if (instanceId != null) {
			publish("instance", row(this.instances.get(instanceId)));
		}
	}

	private void forgetOldDeploys() {
		long ended = this.deploys.values().stream().filter(DeployRow::ended).count();
		Iterator<DeployRow> oldestFirst = this.deploys.values().iterator();
		while (ended > this.recentDeploys && oldestFirst.hasNext()) {
			DeployRow row = oldestFirst.next();
			if (row.ended()) {
				oldestFirst.remove();
				ended--;
				publish("deploy-removed", row.deployId());
			}
		}
	}

	private InstanceRow row(InstanceSnapshot snapshot) {
		String peerKey = key(snapshot.service(), snapshot);
		boolean healthy = snapshot.lastHealth() != null && snapshot.lastHealth().status() == HealthStatus.HEALTHY;
		String registered = (snapshot.registeredVersion() != null
				&& !snapshot.registeredVersion().equals(snapshot.version())) ? snapshot.registeredVersion().value()
						: null;
		boolean refused = !snapshot.versionRefusal().isEmpty();
		String reason = refused ? snapshot.versionRefusal()
				: (snapshot.lastHealth() != null && !healthy) ? snapshot.lastHealth().reason() : null;
		return new InstanceRow(snapshot.instanceId().value(), snapshot.service().value(), snapshot.host(),
				snapshot.port(), snapshot.lifecycle().name(), snapshot.version().value(), registered,
				(snapshot.lastHealth() != null) ? snapshot.lastHealth().status().name() : null,
				(snapshot.lastHealth() != null && snapshot.lastHealth().version() != null)
						? snapshot.lastHealth().version().value() : null,
				reason, snapshot.lifecycle() == Lifecycle.ONLINE, healthy && !refused,
				this.deployGates.getOrDefault(peerKey, "open"),
				Map.copyOf(this.peerViews.getOrDefault(peerKey, Map.of())));
	}

	private void publish(String kind, Object data) {
		this.subscribers.removeIf((subscriber) -> !subscriber.send(kind, data));
	}

	/**
	 * A peer's key, as {@code nginx.commands} names it without the gate.
	 * @param service the service
	 * @param peer the peer's host and port
	 * @return {@code service/host:port}
	 */
	public static String key(ServiceName service, EndpointFields peer) {
		return service.value() + "/" + peer.endpoint().address();
	}

	private static String outcome(DeployStep step) {
		if (step instanceof DeploySucceeded) {
			return "succeeded";
		}
		if (step instanceof DeployFailed failed) {
			return failed.rolledBack().isEmpty() ? "failed" : "rolled back";
		}
		return (step instanceof DeployRejected) ? "rejected" : null;
	}

	private static String version(DeployStep step) {
		if (step instanceof DeployStarted started) {
			return started.version().value();
		}
		if (step instanceof DeployPlanned planned) {
			return planned.version().value();
		}
		if (step instanceof DeploySucceeded succeeded) {
			return succeeded.version().value();
		}
		return (step instanceof DeployFailed failed && failed.version() != null) ? failed.version().value() : null;
	}

}
