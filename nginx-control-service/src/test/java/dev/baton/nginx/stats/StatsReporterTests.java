package dev.baton.nginx.stats;

import java.time.Duration;
import java.time.Instant;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.concurrent.CopyOnWriteArrayList;

import org.apache.kafka.common.errors.InterruptException;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.ExtendWith;
import org.springframework.boot.test.system.CapturedOutput;
import org.springframework.boot.test.system.OutputCaptureExtension;

import dev.baton.contracts.Endpoint;
import dev.baton.contracts.NodeId;
import dev.baton.contracts.ServiceName;
import dev.baton.contracts.nginx.NginxEvent;
import dev.baton.contracts.nginx.PeerStats;
import dev.baton.contracts.nginx.PeerTally;
import dev.baton.nginx.peers.DesiredPeers;
import dev.baton.nginx.sync.MutableClock;

import static org.assertj.core.api.Assertions.assertThat;

@ExtendWith(OutputCaptureExtension.class)
class StatsReporterTests {

	private static final ServiceName ORDERS = ServiceName.of("orders");

	private static final Endpoint PEER = new Endpoint("127.0.0.1", 9001);

	private final MutableClock clock = new MutableClock(Instant.parse("2026-01-01T10:00:00Z"));

	private final CountingNginx nginx = new CountingNginx();

	private final RolloutActivity activity = new RolloutActivity(Map.of(), Duration.ofSeconds(10), new DesiredPeers(),
			this.clock);

	private final List<NginxEvent> events = new CopyOnWriteArrayList<>();

	private final List<List<PeerTally>> counted = new CopyOnWriteArrayList<>();

	private final StatsReporter reporter = new StatsReporter(NodeId.of("node-1"), Set.of(ORDERS), this.nginx,
			this.activity, this.events::add, (service, peers, interval) -> this.counted.add(interval), this.clock,
			Duration.ofSeconds(1));

	@Test
	void anIdleServiceIsCountedInTheMetricsButPublishesNothing() {
		this.nginx.count(PEER, 10, 0, 0);
		this.reporter.report();
		this.nginx.count(PEER, 25, 1, 0);
		tick();

		assertThat(this.events).isEmpty();
		assertThat(this.counted).hasSize(2)
			.last()
			.satisfies((interval) -> assertThat(interval).singleElement()
				.satisfies((tally) -> assertThat(tally.requests()).isEqualTo(15)));
	}

	@Test
	void publishesEachIntervalWhileAGateChangedRecentlyAndStopsOnceTheServiceIsIdle() {
		this.nginx.count(PEER, 10, 0, 0);
		this.reporter.report();
		this.activity.changed(ORDERS);
		Instant first = this.clock.instant();

		this.nginx.count(PEER, 20, 2, 1);
		tick();
		tick();
		this.clock.advance(Duration.ofSeconds(10));
		tick();

		assertThat(this.events).hasSize(2).allMatch(PeerStats.class::isInstance);
		PeerStats stats = (PeerStats) this.events.get(0);
		assertThat(stats.service()).isEqualTo(ORDERS);
		assertThat(stats.nodeId()).isEqualTo(NodeId.of("node-1"));
		assertThat(stats.from()).isEqualTo(first);
		assertThat(stats.to()).isEqualTo(first.plusSeconds(1));
		assertThat(stats.peers()).singleElement()
			.satisfies((tally) -> assertThat(List.of(tally.requests(), tally.serverErrors(), tally.connectFailures()))
				.containsExactly(10L, 2L, 1L));
		assertThat(((PeerStats) this.events.get(1)).peers()).as("an interval without requests").isEmpty();
	}

	@Test
	void aReadingNginxDoesNotAnswerIsSkippedAndTheNextIntervalCoversIt() {
		this.activity.changed(ORDERS);
		this.nginx.count(PEER, 10, 0, 0);
		this.reporter.report();
		this.nginx.down = true;
		tick();
		this.nginx.down = false;
		this.nginx.count(PEER, 30, 0, 0);
		tick();

		assertThat(this.events).singleElement().satisfies((event) -> {
			PeerStats stats = (PeerStats) event;
			assertThat(Duration.between(stats.from(), stats.to())).isEqualTo(Duration.ofSeconds(2));
			assertThat(stats.peers()).singleElement().satisfies((tally) -> assertThat(tally.requests()).isEqualTo(20));
		});
	}

	@Test
	void aSendThatClosingInterruptsIsNoErrorAndEndsTheReading(CapturedOutput output) {
		ServiceName payments = ServiceName.of("payments");
		this.activity.changed(ORDERS);
		this.activity.changed(payments);
		List<ServiceName> tried = new CopyOnWriteArrayList<>();
		StatsReporter[] closing = new StatsReporter[1];
		closing[0] = new StatsReporter(NodeId.of("node-1"), Set.of(ORDERS, payments), this.nginx, this.activity,
				(event) -> {
					tried.add(((PeerStats) event).service());
					closing[0].close();
					throw new InterruptException(new InterruptedException());
				}, (service, peers, interval) -> {
				}, this.clock, Duration.ofSeconds(1));
		closing[0].report();
		this.clock.advance(Duration.ofSeconds(1));

		closing[0].report();

		assertThat(tried).as("the services after the interrupted one are not read").containsExactly(ORDERS);
		assertThat(output).doesNotContain("Cannot report");
	}

	private void tick() {
		this.clock.advance(Duration.ofSeconds(1));
		this.reporter.report();
	}

}
