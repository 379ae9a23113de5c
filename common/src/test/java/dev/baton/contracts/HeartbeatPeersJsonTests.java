package dev.baton.contracts;

import java.time.Instant;
import java.util.List;

import org.junit.jupiter.api.Test;
import tools.jackson.databind.DeserializationFeature;
import tools.jackson.databind.json.JsonMapper;

import dev.baton.contracts.nginx.NginxEvent;
import dev.baton.contracts.nginx.NodeHeartbeat;
import dev.baton.contracts.nginx.UpstreamPeer;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatIllegalArgumentException;

/**
 * A node's heartbeat carries its view of every peer it serves; a heartbeat written before
 * nodes reported their peers reads with none.
 */
class HeartbeatPeersJsonTests {

	private final JsonMapper json = JsonMapper.builder()
		.disable(DeserializationFeature.FAIL_ON_NULL_FOR_PRIMITIVES)
		.build();

	@Test
	void aHeartbeatCarriesThePeersOfItsUpstreamsWithTheirStateAndReadsBackAsWritten() {
		NodeHeartbeat heartbeat = new NodeHeartbeat(NodeId.of("edge-1"), "epoch-1", List.of(ServiceName.of("orders")),
				2000, Instant.parse("2026-12-01T10:00:00Z"),
				List.of(new UpstreamPeer(ServiceName.of("orders"), "127.0.0.1", 9001, true, 22),
						new UpstreamPeer(ServiceName.of("orders"), "127.0.0.1", 9002, false, 100)));

		String written = this.json.writeValueAsString(heartbeat);

		assertThat(written).contains(
				"\"peers\":[{\"service\":\"orders\",\"host\":\"127.0.0.1\",\"port\":9001,\"up\":true,\"weight\":22}");
		assertThat(this.json.readValue(written, NginxEvent.class)).isEqualTo(heartbeat);
	}

	@Test
	void aHeartbeatWrittenBeforeNodesReportedTheirPeersReadsWithNone() {
		NginxEvent event = this.json.readValue(
				"{\"type\":\"NodeHeartbeat\",\"nodeId\":\"edge-1\",\"epoch\":\"e\","
						+ "\"services\":[\"orders\"],\"intervalMillis\":2000,\"at\":\"2026-12-01T10:00:00Z\"}",
				NginxEvent.class);

		assertThat(((NodeHeartbeat) event).peers()).isEmpty();
	}

	@Test
	void aPeersWeightIsOneToAHundred() {
		assertThatIllegalArgumentException()
			.isThrownBy(() -> new UpstreamPeer(ServiceName.of("orders"), "127.0.0.1", 9001, true, 0))
			.withMessage("weight must be 1-100, got 0");
	}

}
