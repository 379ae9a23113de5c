package dev.baton.contracts;

import java.time.Instant;
import java.util.List;

import org.junit.jupiter.api.Test;
import tools.jackson.databind.DeserializationFeature;
import tools.jackson.databind.json.JsonMapper;

import dev.baton.contracts.nginx.NginxCommand;
import dev.baton.contracts.nginx.NginxEvent;
import dev.baton.contracts.nginx.PeerStats;
import dev.baton.contracts.nginx.PeerTally;
import dev.baton.contracts.nginx.SetPeerGate;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatException;
import static org.assertj.core.api.Assertions.assertThatIllegalArgumentException;

/**
 * A DEPLOY gate may open a peer at a share of a full peer's traffic, and nodes report
 * what their nginx saw of each peer: both read back as written, and a gate command
 * written before weights existed reads as a full peer.
 */
class WeightsAndPeerStatsJsonTests {

	private final JsonMapper json = JsonMapper.builder()
		.disable(DeserializationFeature.FAIL_ON_NULL_FOR_PRIMITIVES)
		.build();

	@Test
	void aGateCommandWithoutAWeightIsAFullPeer() {
		NginxCommand command = this.json.readValue(
				"{\"type\":\"SetPeerGate\",\"commandId\":\"c-1\",\"service\":\"orders\","
						+ "\"host\":\"127.0.0.1\",\"port\":9001,\"gate\":\"DEPLOY\",\"open\":true}",
				NginxCommand.class);
		assertThat(((SetPeerGate) command).weight()).isEqualTo(SetPeerGate.FULL_WEIGHT);
	}

	@Test
	void onlyAnOpenDeployGateCarriesAWeightFromOneToAHundred() {
		SetPeerGate canary = new SetPeerGate(CommandId.of("c-1"), ServiceName.of("orders"), "127.0.0.1", 9004,
				Gate.DEPLOY, true, "deployer-service", "canary", Instant.parse("2026-12-01T10:00:00Z"), 11);
		String written = this.json.writeValueAsString(canary);
		assertThat(written).contains("\"weight\":11");
		assertThat(this.json.readValue(written, NginxCommand.class)).isEqualTo(canary);
		assertThatIllegalArgumentException()
			.isThrownBy(() -> new SetPeerGate(CommandId.of("c-2"), ServiceName.of("orders"), "127.0.0.1", 9004,
					Gate.HEALTH, true, "registry", "", null, 50))
			.withMessage("only the DEPLOY gate carries a weight, not HEALTH");
		assertThatIllegalArgumentException()
			.isThrownBy(() -> new SetPeerGate(CommandId.of("c-3"), ServiceName.of("orders"), "127.0.0.1", 9004,
					Gate.DEPLOY, true, "deployer-service", "", null, 0))
			.withMessage("weight must be 1-100, got 0");
	}

	@Test
	void peerStatsReadBackWithOneCountPerLatencyBucketAndOneForSlower() {
		List<Long> buckets = List.of(10L, 20L, 5L, 0L, 0L, 0L, 0L, 0L, 0L, 0L, 1L);
		PeerStats stats = new PeerStats(NodeId.of("edge-1"), ServiceName.of("orders"),
				Instant.parse("2026-12-01T10:00:00Z"), Instant.parse("2026-12-01T10:00:01Z"),
				List.of(new PeerTally("127.0.0.1", 9001, 36, 2, 0, buckets)));
		String written = this.json.writeValueAsString(stats);
		assertThat(written).contains("\"type\":\"PeerStats\"", "\"serverErrors\":2");
		assertThat(this.json.readValue(written, NginxEvent.class)).isEqualTo(stats);
		assertThatException()
			.isThrownBy(() -> this.json.readValue(written.replace("\"serverErrors\":2", "\"serverErrors\":99"),
					NginxEvent.class))
			.withStackTraceContaining("serverErrors must not exceed requests");
		assertThatIllegalArgumentException().isThrownBy(() -> new PeerTally("127.0.0.1", 9001, 1, 0, 0, List.of(1L)))
			.withMessage("latencyBuckets must have 11 counts, got 1");
	}

}
