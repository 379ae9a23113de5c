package dev.baton.cli;

import java.time.Duration;
import java.time.Instant;
import java.util.List;

import org.junit.jupiter.api.Test;

import static org.assertj.core.api.Assertions.assertThat;

/**
 * The node states as the deployer's rule defines them: silence alone never takes a node
 * out before the expiry.
 */
class KnownNodeTests {

	private static final Instant NOW = Instant.parse("2026-12-01T03:00:00Z");

	private static final Duration EXPIRY = Duration.ofMinutes(10);

	@Test
	void aNodeIsLiveForThreeOfItsIntervalsThenSilentButStillWaitedFor() {
		assertThat(heardAgo(Duration.ofMillis(6_000)).state(NOW, EXPIRY)).isEqualTo(NodeState.LIVE);
		KnownNode silent = heardAgo(Duration.ofMillis(6_001));

		assertThat(silent.state(NOW, EXPIRY)).isEqualTo(NodeState.SILENT);
		assertThat(silent.state(NOW, EXPIRY).waitedFor()).isTrue();
		assertThat(heardAgo(Duration.ofSeconds(40)).describe(NOW, EXPIRY)).isEqualTo("silent 40s, still waited for");
	}

	@Test
	void aNodeSilentLongerThanTheExpiryIsNoLongerWaitedFor() {
		assertThat(heardAgo(EXPIRY).state(NOW, EXPIRY)).isEqualTo(NodeState.SILENT);
		KnownNode expired = heardAgo(EXPIRY.plusSeconds(65));

		assertThat(expired.state(NOW, EXPIRY).waitedFor()).isFalse();
		assertThat(expired.describe(NOW, EXPIRY)).isEqualTo("expired (silent 11m05s, expiry 10m)");
	}

	@Test
	void aNodeThatLeftOrWasForgottenIsNotWaitedForHoweverRecentItsHeartbeat() {
		KnownNode left = heardAgo(Duration.ZERO).departed(new KnownNode.Departure(false, "edge-1", "stopped", NOW));
		KnownNode forgotten = heardAgo(Duration.ZERO).departed(new KnownNode.Departure(true, "alice", "", NOW));

		assertThat(left.describe(NOW, EXPIRY)).isEqualTo("left: stopped");
		assertThat(forgotten.describe(NOW, EXPIRY)).isEqualTo("forgotten by alice");
		assertThat(forgotten.state(NOW, EXPIRY).waitedFor()).isFalse();
	}

	@Test
	void aHeartbeatStampedAheadOfThisClockCountsAsJustHeard() {
		assertThat(heardAgo(Duration.ofSeconds(-30)).silence(NOW)).isZero();
	}

	private static KnownNode heardAgo(Duration ago) {
		return new KnownNode("edge-1", List.of("orders"), "e-1", NOW.minus(ago), 2_000, null);
	}

}
