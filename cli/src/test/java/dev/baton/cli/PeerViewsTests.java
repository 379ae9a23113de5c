package dev.baton.cli;

import java.time.Duration;
import java.time.Instant;
import java.util.Map;

import org.apache.kafka.clients.consumer.ConsumerRecord;
import org.junit.jupiter.api.Test;
import tools.jackson.databind.JsonNode;

import static org.assertj.core.api.Assertions.assertThat;

/**
 * A node's view of a peer: its latest heartbeat, unless an answer about the peer is newer
 * or says more of the same state.
 */
class PeerViewsTests {

	private static final Instant NOW = Instant.parse("2026-12-01T03:00:00Z");

	private static final JsonNode ORDERS_1 = Json.mapper()
		.readTree("{\"instanceId\":\"orders-1\",\"service\":\"orders\",\"host\":\"127.0.0.1\",\"port\":9001}");

	private final PeerViews views = new PeerViews(Duration.ofMinutes(10), NOW);

	private long offset;

	@Test
	void aNodesLatestHeartbeatShowsThePeerHoweverLongAgoItLastAnswered() {
		add(applied("edge-1", false, NOW.minus(Duration.ofMinutes(9))));
		add(heartbeat("edge-1", NOW.minusSeconds(20), peer(9001, false, 100)));
		add(heartbeat("edge-1", NOW.minusSeconds(2), peer(9001, true, 22)));

		assertThat(this.views.of(ORDERS_1)).containsExactly(Map.entry("edge-1", "up w22"));
	}

	@Test
	void anAnswerNewerThanTheHeartbeatIsShown() {
		add(heartbeat("edge-1", NOW.minusSeconds(2), peer(9001, true, 100)));
		add(draining("edge-1", 3, NOW.minusSeconds(1)));

		assertThat(this.views.of(ORDERS_1)).containsExactly(Map.entry("edge-1", "draining, 3 in flight"));
	}

	@Test
	void aDrainsAnswerStandsWhileTheHeartbeatAgreesThePeerIsOutOfRotationButNotOnceItIsUpAgain() {
		add(drained("edge-1", NOW.minusSeconds(5)));
		add(heartbeat("edge-1", NOW.minusSeconds(2), peer(9001, false, 100)));
		add(heartbeat("edge-2", NOW.minusSeconds(2), peer(9001, true, 100)));
		add(drained("edge-2", NOW.minusSeconds(5)));

		assertThat(this.views.of(ORDERS_1)).containsExactly(Map.entry("edge-1", "drained in 40 ms"),
				Map.entry("edge-2", "up"));
	}

	@Test
	void aNodeServingTheServiceWhoseHeartbeatLacksThePeerSaysSo() {
		add(heartbeat("edge-1", NOW.minusSeconds(2), peer(9002, true, 100)));

		assertThat(this.views.of(ORDERS_1)).containsExactly(Map.entry("edge-1", "not in its upstream"));
	}

	@Test
	void aNodeThatLeftIsNotShownAndOneKnownOnlyByItsAnswersIs() {
		add(heartbeat("edge-1", NOW.minusSeconds(5), peer(9001, true, 100)));
		add("{\"type\":\"NodeLeft\",\"nodeId\":\"edge-1\",\"reason\":\"stopped\",\"at\":\"" + NOW.minusSeconds(1)
				+ "\"}");
		add(applied("edge-2", true, NOW.minusSeconds(30)));

		assertThat(this.views.of(ORDERS_1)).containsExactly(Map.entry("edge-2", "up"));
	}

	@Test
	void aHeartbeatFromANodeThatDoesNotReportItsPeersLeavesItsAnswerShown() {
		add(applied("edge-1", false, NOW.minusSeconds(30)));
		add("{\"type\":\"NodeHeartbeat\",\"nodeId\":\"edge-1\",\"epoch\":\"e\",\"services\":[\"orders\"],"
				+ "\"intervalMillis\":2000,\"at\":\"" + NOW.minusSeconds(1) + "\"}");
		add(heartbeat("edge-2", NOW.minusSeconds(1), peer(8080, true, 100)).replace("orders", "billing"));

		assertThat(this.views.of(ORDERS_1)).containsExactly(Map.entry("edge-1", "draining"));
	}

	/** Adds a record as a node publishes it, in the order written. */
	private void add(String json) {
		this.views.add(new ConsumerRecord<>("nginx.events", 0, this.offset++, "key", json));
	}

	private static String heartbeat(String node, Instant at, String peers) {
		return "{\"type\":\"NodeHeartbeat\",\"nodeId\":\"" + node + "\",\"epoch\":\"e\",\"services\":[\"orders\"],"
				+ "\"intervalMillis\":60000,\"at\":\"" + at + "\",\"peers\":[" + peers + "]}";
	}

	private static String peer(int port, boolean up, int weight) {
		return "{\"service\":\"orders\",\"host\":\"127.0.0.1\",\"port\":" + port + ",\"up\":" + up + ",\"weight\":"
				+ weight + "}";
	}

	private static String applied(String node, boolean up, Instant at) {
		return answer("PeerApplied", node, at, ",\"up\":" + up);
	}

	private static String draining(String node, long inFlight, Instant at) {
		return answer("PeerDraining", node, at, ",\"inFlight\":" + inFlight + ",\"since\":\"" + at + "\"");
	}

	private static String drained(String node, Instant at) {
		return answer("PeerDrained", node, at, ",\"drainMillis\":40");
	}

	private static String answer(String type, String node, Instant at, String fields) {
		return "{\"type\":\"" + type + "\",\"nodeId\":\"" + node + "\",\"commandId\":\"c-1\",\"service\":\"orders\","
				+ "\"host\":\"127.0.0.1\",\"port\":9001,\"at\":\"" + at + "\"" + fields + "}";
	}

}
