package dev.baton.cli;

import java.time.Duration;
import java.time.Instant;
import java.time.format.DateTimeParseException;
import java.util.HashMap;
import java.util.HashSet;
import java.util.Map;
import java.util.Set;
import java.util.TreeMap;

import org.apache.kafka.clients.consumer.ConsumerRecord;
import tools.jackson.databind.JsonNode;

/**
 * Every nginx node's view of every peer, from the same bounded look-back of
 * {@code nginx.events} as {@link NodeRoster}'s, never the whole topic: a node's latest
 * heartbeat names every peer of its upstreams with its state, however long ago the node
 * last answered about it, and an answer about a peer (applied, draining with its
 * in-flight count, drained, timed out) says more while it is newer than that heartbeat,
 * or while the heartbeat agrees the peer is out of rotation. Only the nodes deploys wait
 * for are shown: one that left, was forgotten or expired no longer routes, or no longer
 * counts. A node known only by its answers (its heartbeats older than the look-back, or
 * from before nodes reported their peers) shows its last answer.
 */
final class PeerViews {

	private final NodeRoster roster = new NodeRoster();

	private final Duration expiry;

	private final Instant now;

	/** Each node's latest heartbeat that reports its peers. */
	private final Map<String, Beat> heartbeats = new HashMap<>();

	/** Per peer, per node: the answer shown. */
	private final Map<String, Map<String, PeerAnswer>> answers = new HashMap<>();

	PeerViews(Duration expiry, Instant now) {
		this.expiry = expiry;
		this.now = now;
	}

	/**
	 * Reads the look-back window of {@code nginx.events}: the expiry plus the roster's
	 * margin.
	 * @param kafka the CLI's clients
	 * @param expiry the node expiry
	 * @param now the current time
	 * @return every node's view
	 */
	static PeerViews read(Kafka kafka, Duration expiry, Instant now) {
		PeerViews views = new PeerViews(expiry, now);
		kafka.readToEnd("nginx.events", now.minus(NodeRoster.lookBack(expiry))).forEach(views::add);
		return views;
	}

	/**
	 * A peer's key, as {@code nginx.commands} names it: {@code service/host:port}.
	 * @param message a snapshot, an answer, or a peer in a heartbeat
	 * @return the key
	 */
	static String key(JsonNode message) {
		String host = message.path("host").asString();
		return message.path("service").asString() + "/" + (host.contains(":") ? "[" + host + "]" : host) + ":"
				+ message.path("port").asInt();
	}

	/**
	 * Folds one record in, in the order of its partition: a node's heartbeats share one,
	 * the answers about a service's peers another.
	 * @param record a record of {@code nginx.events}
	 */
	void add(ConsumerRecord<String, String> record) {
		this.roster.add(record);
		JsonNode event = Kafka.json(record);
		String node = (event != null) ? event.path("nodeId").asString("") : "";
		if (node.isEmpty()) {
			return;
		}
		Instant at = at(event, record);
		if ("NodeHeartbeat".equals(event.path("type").asString())) {
			Beat known = this.heartbeats.get(node);
			if (event.has("peers") && (known == null || !at.isBefore(known.at()))) {
				this.heartbeats.put(node, Beat.of(event, at));
			}
		}
		else if (event.has("host") && event.has("port")) {
			Map<String, PeerAnswer> byNode = this.answers.computeIfAbsent(key(event), (peer) -> new HashMap<>());
			PeerAnswer shown = byNode.get(node);
			if (NodeView.replaces(event, (shown != null) ? NodeView.describe(shown.event()) : null)) {
				byNode.put(node, new PeerAnswer(event, at));
			}
		}
	}

	/**
	 * What each node deploys wait for shows of an instance.
	 * @param instance its snapshot
	 * @return each node's view in a few words, by node id; empty when no node says
	 * anything of it
	 */
	Map<String, String> of(JsonNode instance) {
		String peer = key(instance);
		String service = instance.path("service").asString();
		Map<String, PeerAnswer> byNode = this.answers.getOrDefault(peer, Map.of());
		Set<String> nodes = new HashSet<>(byNode.keySet());
		this.heartbeats.forEach((node, beat) -> {
			if (beat.services().contains(service)) {
				nodes.add(node);
			}
		});
		Map<String, String> views = new TreeMap<>();
		nodes.stream()
			.filter(this::waitedFor)
			.forEach((node) -> views.put(node, describe(byNode.get(node), this.heartbeats.get(node), peer)));
		return views;
	}

	private boolean waitedFor(String node) {
		KnownNode known = this.roster.find(node);
		return known == null || known.state(this.now, this.expiry).waitedFor();
	}

	/**
	 * A node's view: its answer or its heartbeat, whichever says more of now. Without a
	 * heartbeat that reports peers, the node is known by its answer alone.
	 */
	private static String describe(PeerAnswer answer, Beat beat, String peer) {
		if (beat == null || (answer != null && !answer.at().isBefore(beat.at()))) {
			return NodeView.describe(answer.event());
		}
		JsonNode held = beat.peers().get(peer);
		if (held == null) {
			return "not in its upstream";
		}
		if (answer != null && !held.path("up").asBoolean() && NodeView.outOfRotation(answer.event())) {
			return NodeView.describe(answer.event());
		}
		return NodeView.describeHeld(held);
	}

	/**
	 * When the node says it published an event; the record's time where it says nothing
	 * readable.
	 */
	private static Instant at(JsonNode event, ConsumerRecord<String, String> record) {
		try {
			return Instant.parse(event.path("at").asString());
		}
		catch (DateTimeParseException ex) {
			return Instant.ofEpochMilli(record.timestamp());
		}
	}

	/** An answer about a peer and when its node published it. */
	private record PeerAnswer(JsonNode event, Instant at) {

	}

	/**
	 * A node's heartbeat: when it was sent, the upstreams it serves, and their peers by
	 * key.
	 */
	private record Beat(Instant at, Set<String> services, Map<String, JsonNode> peers) {

		static Beat of(JsonNode heartbeat, Instant at) {
			Set<String> services = new HashSet<>();
			heartbeat.path("services").forEach((service) -> services.add(service.asString()));
			Map<String, JsonNode> peers = new HashMap<>();
			heartbeat.path("peers").forEach((peer) -> peers.put(key(peer), peer));
			return new Beat(at, services, peers);
		}

	}

}
