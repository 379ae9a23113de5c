package dev.baton.nginx;

import java.time.Duration;
import java.util.List;
import java.util.Optional;
import java.util.UUID;

import tools.jackson.databind.JsonNode;
import tools.jackson.databind.json.JsonMapper;

import dev.baton.contracts.Endpoint;
import dev.baton.kafka.testing.TestKafka;

/**
 * What the registry and the deployer do to a node, and what they read back: hand-written
 * gate commands on {@code nginx.commands}, answers on {@code nginx.events}.
 */
public final class GateTopics {

	private static final JsonMapper json = JsonMapper.builder().build();

	private final TestKafka kafka;

	private final Sender sender;

	private final String prefix;

	public GateTopics(TestKafka kafka, String prefix) {
		this(kafka, kafka::send, prefix);
	}

	/**
	 * Gate topics whose commands go through the given sender (a producer tuned for
	 * latency, say).
	 */
	public GateTopics(TestKafka kafka, Sender sender, String prefix) {
		this.kafka = kafka;
		this.sender = sender;
		this.prefix = prefix;
	}

	/**
	 * Publishes a gate command.
	 * @return its command id
	 */
	public String gate(String service, Endpoint peer, String gate, boolean open) {
		return gate(service, peer, gate, open, null);
	}

	/**
	 * Publishes a gate command carrying a weight (a canary's, on an open DEPLOY gate).
	 * @return its command id
	 */
	public String gate(String service, Endpoint peer, String gate, boolean open, Integer weight) {
		return send(service, peer, gate, open, (weight != null) ? ",\"weight\":" + weight : "");
	}

	/**
	 * Publishes a closing gate command whose drain may take at most the given time.
	 * @return its command id
	 */
	public String close(String service, Endpoint peer, String gate, Duration drainTimeout) {
		return send(service, peer, gate, false,
				",\"drain\":{\"timeoutMillis\":" + drainTimeout.toMillis() + ",\"onTimeout\":\"FAIL\"}");
	}

	/**
	 * Publishes a closing gate command whose peer stands by while it drains, as a deploy
	 * that keeps instances serving writes it.
	 * @return its command id
	 */
	public String closeStandingBy(String service, Endpoint peer, String gate, Duration drainTimeout) {
		return send(service, peer, gate, false, ",\"drain\":{\"timeoutMillis\":" + drainTimeout.toMillis()
				+ ",\"onTimeout\":\"FAIL\",\"standby\":true}");
	}

	private String send(String service, Endpoint peer, String gate, boolean open, String extra) {
		String id = "cmd-" + UUID.randomUUID();
		this.sender.send(this.prefix + "nginx.commands", key(service, peer, gate),
				"{\"type\":\"SetPeerGate\",\"commandId\":\"" + id + "\",\"service\":\"" + service + "\",\"host\":\""
						+ peer.host() + "\",\"port\":" + peer.port() + ",\"gate\":\"" + gate + "\",\"open\":" + open
						+ ",\"by\":\"test\",\"reason\":\"integration test\"" + extra + "}");
		return id;
	}

	/** Opens the ADMIN and HEALTH gates: the peer is up (DEPLOY is open when absent). */
	public void up(String service, Endpoint peer) {
		gate(service, peer, "ADMIN", true);
		gate(service, peer, "HEALTH", true);
	}

	/** Tombstones a gate, as when an instance is deregistered. */
	public void remove(String service, Endpoint peer, String gate) {
		this.sender.send(this.prefix + "nginx.commands", key(service, peer, gate), null);
	}

	private static String key(String service, Endpoint peer, String gate) {
		return service + "/" + peer.address() + "/" + gate;
	}

	public List<JsonNode> events() {
		return this.kafka.readAll(this.prefix + "nginx.events")
			.stream()
			.map((record) -> json.readTree(record.value()))
			.toList();
	}

	/**
	 * A node's answer of one type to one command.
	 */
	public Optional<JsonNode> answer(String type, String commandId, String nodeId) {
		return events().stream()
			.filter((event) -> type.equals(event.get("type").asString()))
			.filter((event) -> event.has("commandId") && commandId.equals(event.get("commandId").asString()))
			.filter((event) -> nodeId.equals(event.get("nodeId").asString()))
			.findFirst();
	}

	/** Sends one record and returns once the broker has it. */
	@FunctionalInterface
	public interface Sender {

		void send(String topic, String key, String value);

	}

}
