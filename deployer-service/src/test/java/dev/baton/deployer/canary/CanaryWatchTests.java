package dev.baton.deployer.canary;

import java.time.Clock;
import java.time.Duration;
import java.time.Instant;
import java.time.ZoneId;
import java.time.ZoneOffset;
import java.util.List;
import java.util.Set;
import java.util.concurrent.atomic.AtomicInteger;

import org.junit.jupiter.api.Test;

import dev.baton.contracts.Endpoint;
import dev.baton.contracts.NodeId;
import dev.baton.contracts.ServiceName;
import dev.baton.contracts.nginx.PeerStats;
import dev.baton.deployer.canary.Judgement.CanaryDecision;

import static org.assertj.core.api.Assertions.assertThat;

/**
 * A bake watched second by second on a clock the test moves: the nodes report a tally per
 * second for the canary (port 9001) and the old version (port 9002).
 */
class CanaryWatchTests {

	private static final ServiceName ORDERS = ServiceName.of("orders");

	private static final Instant START = Instant.parse("2026-12-01T10:00:00Z");

	private final MovingClock clock = new MovingClock();

	private final StatsWindow window = new StatsWindow(ORDERS, Set.of(new Endpoint("127.0.0.1", 9001)),
			new Endpoint("127.0.0.1", 9002)::equals);

	private final CanaryWatch watch = new CanaryWatch(new CanaryAnalysis(CanaryThresholds.DEFAULTS), this.clock);

	@Test
	void aFailingCanaryIsRolledBackAsSoonAsItHadEnoughRequestsNotAtTheEndOfItsBake() throws InterruptedException {
		AtomicInteger seconds = new AtomicInteger();

		Judgement judgement = this.watch.watch(this.window, START.plusSeconds(60), (atMost) -> {
			seconds.incrementAndGet();
			report(30, 3, 300);
			this.clock.move(atMost);
			return false;
		});

		assertThat(judgement.outcome()).isEqualTo(CanaryDecision.ROLL_BACK);
		// 30 requests a second: the 100 needed are there after four
		assertThat(seconds.get()).isEqualTo(4);
		assertThat(judgement.canary().attempts()).isEqualTo(120);
	}

	@Test
	void aCleanCanaryIsPromotedAtTheEndOfItsBake() throws InterruptedException {
		Judgement judgement = this.watch.watch(this.window, START.plusSeconds(10), (atMost) -> {
			report(30, 0, 300);
			this.clock.move(atMost);
			return false;
		});

		assertThat(judgement.outcome()).isEqualTo(CanaryDecision.PROMOTE);
		assertThat(this.clock.instant()).isEqualTo(START.plusSeconds(10));
		assertThat(judgement.canary().attempts()).isEqualTo(300);
		assertThat(judgement.baseline().attempts()).isEqualTo(3000);
	}

	@Test
	void aCancelEndsTheWatch() throws InterruptedException {
		Judgement judgement = this.watch.watch(this.window, START.plusSeconds(60), (atMost) -> true);

		assertThat(judgement.outcome()).isEqualTo(CanaryDecision.CANCELLED);
	}

	@Test
	void statsOfAnotherServiceOrOfPeersOfNeitherGroupAreLeftOut() {
		this.window.offer(new PeerStats(NodeId.of("edge-1"), ServiceName.of("billing"), START, START,
				List.of(Tallies.tally(9001, 10, 0, 1))));
		this.window
			.offer(new PeerStats(NodeId.of("edge-1"), ORDERS, START, START, List.of(Tallies.tally(9003, 10, 0, 1))));

		assertThat(this.window.canary().attempts()).isZero();
		assertThat(this.window.baseline().attempts()).isZero();
	}

	/** One second of traffic: edge-1 saw all the canary's and half the old version's. */
	private void report(long canary, long canaryErrors, long baseline) {
		Instant now = this.clock.instant();
		this.window.offer(new PeerStats(NodeId.of("edge-1"), ORDERS, now, now,
				List.of(Tallies.tally(9001, canary, canaryErrors, 1), Tallies.tally(9002, baseline / 2, 0, 1))));
		this.window.offer(
				new PeerStats(NodeId.of("edge-2"), ORDERS, now, now, List.of(Tallies.tally(9002, baseline / 2, 0, 1))));
	}

	private static final class MovingClock extends Clock {

		private Instant now = START;

		void move(Duration by) {
			this.now = this.now.plus(by);
		}

		@Override
		public Instant instant() {
			return this.now;
		}

		@Override
		public ZoneOffset getZone() {
			return ZoneOffset.UTC;
		}

		@Override
		public Clock withZone(ZoneId zone) {
			return this;
		}

	}

}
