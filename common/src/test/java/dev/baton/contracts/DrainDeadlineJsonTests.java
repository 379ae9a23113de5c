package dev.baton.contracts;

import java.time.Duration;
import java.time.Instant;

import org.junit.jupiter.api.Test;
import tools.jackson.databind.DeserializationFeature;
import tools.jackson.databind.json.JsonMapper;

import dev.baton.contracts.nginx.DrainDeadline;
import dev.baton.contracts.nginx.NginxCommand;
import dev.baton.contracts.nginx.SetPeerGate;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatException;

/**
 * A closing gate command carries its drain's deadline and the writer's policy; one
 * written before deadlines existed (still on the compacted topic) reads with the default.
 */
class DrainDeadlineJsonTests {

	private final JsonMapper json = JsonMapper.builder()
		.disable(DeserializationFeature.FAIL_ON_NULL_FOR_PRIMITIVES)
		.build();

	@Test
	void aClosingCommandReadsBackWithItsDeadlineAndPolicy() {
		SetPeerGate closing = SetPeerGate.closing(CommandId.of("c-1"), ServiceName.of("orders"), "127.0.0.1", 9001,
				Gate.DEPLOY, "deployer-service", "rollout", Instant.parse("2026-12-07T10:00:00Z"),
				DrainDeadline.of(Duration.ofMinutes(2), DrainDeadline.OnTimeout.PROCEED));

		String written = this.json.writeValueAsString(closing);

		assertThat(written)
			.contains("\"drain\":{\"timeoutMillis\":120000,\"onTimeout\":\"PROCEED\",\"standby\":false}");
		assertThat(this.json.readValue(written, NginxCommand.class)).isEqualTo(closing);
	}

	@Test
	void aDeadlineWithoutStandbyIsOneWhosePeerDoesNotStandBy() {
		String closing = "{\"type\":\"SetPeerGate\",\"commandId\":\"c-1\",\"service\":\"orders\",\"host\":\"127.0.0.1\","
				+ "\"port\":9001,\"gate\":\"DEPLOY\",\"open\":false,\"drain\":{\"timeoutMillis\":1000,\"onTimeout\":\"FAIL\"}}";
		String standingBy = closing.replace("\"FAIL\"}", "\"FAIL\",\"standby\":true}");

		assertThat(((SetPeerGate) this.json.readValue(closing, NginxCommand.class)).drain().standby()).isFalse();
		assertThat(((SetPeerGate) this.json.readValue(standingBy, NginxCommand.class)).drain().standby()).isTrue();
	}

	@Test
	void aClosingCommandWithoutADeadlineGetsTheDefaultAndAnOpeningOneNone() {
		String closing = "{\"type\":\"SetPeerGate\",\"commandId\":\"c-1\",\"service\":\"orders\",\"host\":\"127.0.0.1\","
				+ "\"port\":9001,\"gate\":\"ADMIN\",\"open\":false}";
		String opening = closing.replace("\"open\":false", "\"open\":true");

		assertThat(((SetPeerGate) this.json.readValue(closing, NginxCommand.class)).drain())
			.isEqualTo(DrainDeadline.DEFAULT);
		assertThat(((SetPeerGate) this.json.readValue(opening, NginxCommand.class)).drain()).isNull();
	}

	@Test
	void aDeadlineOnAnOpeningCommandOrOfNoTimeIsRefused() {
		String opening = "{\"type\":\"SetPeerGate\",\"commandId\":\"c-1\",\"service\":\"orders\",\"host\":\"127.0.0.1\","
				+ "\"port\":9001,\"gate\":\"DEPLOY\",\"open\":true,\"drain\":{\"timeoutMillis\":1000,\"onTimeout\":\"FAIL\"}}";
		String zero = opening.replace("\"open\":true", "\"open\":false").replace("1000", "0");

		assertThatException().isThrownBy(() -> this.json.readValue(opening, NginxCommand.class))
			.withStackTraceContaining("only a closing command carries a drain deadline");
		assertThatException().isThrownBy(() -> this.json.readValue(zero, NginxCommand.class))
			.withStackTraceContaining("timeoutMillis must be positive");
	}

}
