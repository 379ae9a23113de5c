package dev.baton.cli;

import java.time.Duration;
import java.time.Instant;
import java.util.Collection;
import java.util.List;
import java.util.Map;
import java.util.TreeMap;

import org.apache.kafka.clients.consumer.ConsumerRecord;
import tools.jackson.core.JacksonException;

import dev.baton.contracts.ServiceName;
import dev.baton.contracts.nginx.NginxEvent;
import dev.baton.contracts.nginx.NodeForgotten;
import dev.baton.contracts.nginx.NodeHeartbeat;
import dev.baton.contracts.nginx.NodeLeft;

/**
 * The nginx nodes heard of on {@code nginx.events} within a bounded look-back: the expiry
 * plus a margin, so that a node just past its expiry is still listed as expired, without
 * reading the whole topic. A node's heartbeats, its {@code NodeLeft} and an operator's
 * {@code NodeForgotten} share a key (the node id), hence a partition, so they are folded
 * in the order they were written: a heartbeat after a departure brings the node back.
 */
final class NodeRoster {

	/** How much longer than the expiry {@code nginx.events} is read back. */
	static final Duration MARGIN = Duration.ofMinutes(5);

	private final Map<String, KnownNode> nodes = new TreeMap<>();

	/**
	 * Reads the look-back window of {@code nginx.events}.
	 * @param kafka the CLI's clients
	 * @param expiry the node expiry
	 * @param now the current time
	 * @return the nodes heard of
	 */
	static NodeRoster read(Kafka kafka, Duration expiry, Instant now) {
		NodeRoster roster = new NodeRoster();
		kafka.readToEnd("nginx.events", now.minus(lookBack(expiry))).forEach(roster::add);
		return roster;
	}

	static Duration lookBack(Duration expiry) {
		return expiry.plus(MARGIN);
	}

	/**
	 * Folds one record in; records that are not valid node events (peer answers, or
	 * anything a contract would reject) change nothing.
	 * @param record a record of {@code nginx.events}
	 */
	void add(ConsumerRecord<String, String> record) {
		NginxEvent event;
		try {
			event = (record.value() != null) ? Json.mapper().readValue(record.value(), NginxEvent.class) : null;
		}
		catch (JacksonException ex) {
			return;
		}
		if (event instanceof NodeHeartbeat heartbeat) {
			this.nodes.put(heartbeat.nodeId().value(),
					new KnownNode(heartbeat.nodeId().value(),
							heartbeat.services().stream().map(ServiceName::value).toList(), heartbeat.epoch(),
							heartbeat.at(), heartbeat.intervalMillis(), null));
		}
		else if (event instanceof NodeLeft left) {
			depart(left.nodeId().value(),
					new KnownNode.Departure(false, left.nodeId().value(), left.reason(), left.at()));
		}
		else if (event instanceof NodeForgotten forgotten) {
			depart(forgotten.nodeId().value(),
					new KnownNode.Departure(true, forgotten.requestedBy(), forgotten.reason(), forgotten.at()));
		}
	}

	private void depart(String nodeId, KnownNode.Departure departure) {
		KnownNode known = this.nodes.getOrDefault(nodeId, new KnownNode(nodeId, List.of(), "", null, 0, null));
		this.nodes.put(nodeId, known.departed(departure));
	}

	KnownNode find(String nodeId) {
		return this.nodes.get(nodeId);
	}

	Collection<KnownNode> nodes() {
		return this.nodes.values();
	}

}
