package dev.baton.nginx.stats;

import java.time.Duration;
import java.time.Instant;
import java.util.Map;

import org.junit.jupiter.api.Test;

import dev.baton.contracts.Endpoint;
import dev.baton.contracts.Gate;
import dev.baton.contracts.GateKey;
import dev.baton.contracts.ServiceName;
import dev.baton.nginx.peers.DesiredPeers;
import dev.baton.nginx.sync.MutableClock;

import static org.assertj.core.api.Assertions.assertThat;

class RolloutActivityTests {

	private static final ServiceName ORDERS = ServiceName.of("orders");

	private static final ServiceName PAYMENTS = ServiceName.of("payments");

	private static final Endpoint PEER = new Endpoint("127.0.0.1", 9001);

	private final MutableClock clock = new MutableClock(Instant.parse("2026-01-01T10:00:00Z"));

	private final DesiredPeers desired = new DesiredPeers();

	private final RolloutActivity activity = new RolloutActivity(Map.of(ORDERS, Duration.ofSeconds(30)),
			Duration.ofMinutes(2), this.desired, this.clock);

	@Test
	void aServiceWhoseGatesNeverChangedIsIdle() {
		assertThat(this.activity.running(ORDERS, this.clock.instant())).isFalse();
	}

	@Test
	void runsFromAGateChangeUntilItsSlowStartAndPublishForHavePassed() {
		this.activity.changed(ORDERS);

		this.clock.advance(Duration.ofSeconds(149));
		assertThat(this.activity.running(ORDERS, this.clock.instant())).isTrue();
		this.clock.advance(Duration.ofSeconds(1));
		assertThat(this.activity.running(ORDERS, this.clock.instant())).isFalse();
	}

	@Test
	void aServiceWithoutSlowStartRunsForPublishForOnly() {
		this.activity.changed(PAYMENTS);

		this.clock.advance(Duration.ofSeconds(119));
		assertThat(this.activity.running(PAYMENTS, this.clock.instant())).isTrue();
		assertThat(this.activity.running(ORDERS, this.clock.instant())).isFalse();
		this.clock.advance(Duration.ofSeconds(1));
		assertThat(this.activity.running(PAYMENTS, this.clock.instant())).isFalse();
	}

	@Test
	void aCanaryThatIsUpKeepsItsServiceRunningHoweverLongAgoItsGatesChanged() {
		this.desired.set(new GateKey(ORDERS, PEER, Gate.ADMIN), true);
		this.desired.set(new GateKey(ORDERS, PEER, Gate.HEALTH), true);
		this.desired.set(new GateKey(ORDERS, PEER, Gate.DEPLOY), true, 10);
		this.activity.changed(ORDERS);

		this.clock.advance(Duration.ofHours(5));
		assertThat(this.activity.running(ORDERS, this.clock.instant())).isTrue();

		this.desired.set(new GateKey(ORDERS, PEER, Gate.DEPLOY), true, 100);
		assertThat(this.activity.running(ORDERS, this.clock.instant())).isFalse();
	}

}
