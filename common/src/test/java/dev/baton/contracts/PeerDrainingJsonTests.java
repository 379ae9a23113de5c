package dev.baton.contracts;

import java.time.Instant;

import org.junit.jupiter.api.Test;
import tools.jackson.databind.DeserializationFeature;
import tools.jackson.databind.json.JsonMapper;

import dev.baton.contracts.nginx.NginxEvent;
import dev.baton.contracts.nginx.PeerDraining;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatException;

/**
 * The live in-flight report of a draining peer travels on {@code nginx.events} like the
 * other node events: typed by name, readable by any client.
 */
class PeerDrainingJsonTests {

	private final JsonMapper json = JsonMapper.builder()
		.disable(DeserializationFeature.FAIL_ON_NULL_FOR_PRIMITIVES)
		.build();

	@Test
	void peerDrainingReadsBackEqualWithItsTypeAndCount() {
		PeerDraining draining = new PeerDraining(NodeId.of("edge-1"), CommandId.of("c-1"), ServiceName.of("orders"),
				"127.0.0.1", 9001, 2, Instant.parse("2026-11-29T10:00:00Z"), Instant.parse("2026-11-29T10:00:00.500Z"));

		String written = this.json.writeValueAsString(draining);

		assertThat(written).contains("\"type\":\"PeerDraining\"", "\"inFlight\":2",
				"\"since\":\"2026-11-29T10:00:00Z\"");
		assertThat(this.json.readValue(written, NginxEvent.class)).isEqualTo(draining);
	}

	@Test
	void negativeInFlightCountIsRefused() {
		assertThatException()
			.isThrownBy(() -> this.json.readValue(
					"{\"type\":\"PeerDraining\",\"nodeId\":\"edge-1\",\"commandId\":\"c-1\",\"service\":\"orders\","
							+ "\"host\":\"127.0.0.1\",\"port\":9001,\"inFlight\":-1,\"since\":\"2026-11-29T10:00:00Z\","
							+ "\"at\":\"2026-11-29T10:00:01Z\"}",
					NginxEvent.class))
			.withStackTraceContaining("inFlight must be 0 or more");
	}

}
