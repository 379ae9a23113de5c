package dev.baton.nginx.sync;

import java.time.Duration;
import java.time.Instant;
import java.util.List;
import java.util.concurrent.CopyOnWriteArrayList;

import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.Test;

import dev.baton.contracts.CommandId;
import dev.baton.contracts.Endpoint;
import dev.baton.contracts.NodeId;
import dev.baton.contracts.ServiceName;
import dev.baton.contracts.nginx.NginxEvent;
import dev.baton.contracts.nginx.PeerDrainTimedOut;
import dev.baton.contracts.nginx.PeerDrained;
import dev.baton.contracts.nginx.PeerDraining;
import dev.baton.nginx.sync.NodeMetrics.DrainOutcome;
import dev.baton.nginx.sync.RecordingMetrics.Measured;

import static org.assertj.core.api.Assertions.assertThat;

/**
 * The drain poll on a hand-moved clock: what is reported while a peer drains, how often,
 * and what is measured when the drain ends.
 */
class DrainTrackerTests {

	private static final ServiceName ORDERS = ServiceName.of("orders");

	private static final Endpoint PEER = new Endpoint("127.0.0.1", 9001);

	private static final Instant START = Instant.parse("2026-11-29T10:00:00Z");

	private final MutableClock clock = new MutableClock(START);

	private final RecordingControl control = new RecordingControl();

	private final List<NginxEvent> events = new CopyOnWriteArrayList<>();

	private final RecordingMetrics metrics = new RecordingMetrics();

	private final DrainTracker tracker = new DrainTracker(NodeId.of("node-1"), this.control, this.events::add,
			this.metrics, this.clock, this.clock, Duration.ofMillis(5));

	private final Drain drain = new Drain(CommandId.of("c-1"), ORDERS, PEER, START, this.clock.nanos(),
			Duration.ofSeconds(2));

	@AfterEach
	void stop() {
		this.tracker.close();
	}

	@Test
	void reportsTheInFlightCountWhenTheDrainStartsThenAtMostEvery500Millis() {
		this.control.inFlight.put(PEER, 2L);
		this.tracker.track(this.drain);

		this.tracker.pollOnce();
		this.clock.advance(Duration.ofMillis(499));
		this.control.inFlight.put(PEER, 1L);
		this.tracker.pollOnce();
		assertThat(draining()).singleElement().satisfies((report) -> {
			assertThat(report.inFlight()).isEqualTo(2);
			assertThat(report.since()).isEqualTo(START);
			assertThat(report.at()).isEqualTo(START);
			assertThat(report.commandId()).isEqualTo(CommandId.of("c-1"));
		});

		this.clock.advance(Duration.ofMillis(1));
		this.tracker.pollOnce();
		this.tracker.pollOnce();

		assertThat(draining()).extracting(PeerDraining::inFlight).containsExactly(2L, 1L);
		assertThat(draining().get(1).at()).isEqualTo(START.plusMillis(500));
		assertThat(this.metrics.inFlight).containsExactly(2L, 1L, 1L, 1L);
	}

	@Test
	void reportsNothingMoreOnceThePeerDrainedAndTimesTheDrain() {
		this.control.inFlight.put(PEER, 1L);
		this.tracker.track(this.drain);
		this.tracker.pollOnce();

		this.clock.advance(Duration.ofMillis(700));
		this.control.inFlight.put(PEER, 0L);
		this.tracker.pollOnce();
		this.clock.advance(Duration.ofMillis(700));
		this.tracker.pollOnce();

		assertThat(this.events).extracting((event) -> event.getClass().getSimpleName())
			.containsExactly("PeerDraining", "PeerDrained");
		assertThat(((PeerDrained) this.events.get(1)).drainMillis()).isEqualTo(700);
		assertThat(this.metrics.drains)
			.containsExactly(new Measured(ORDERS, DrainOutcome.DRAINED, Duration.ofMillis(700)));
		assertThat(this.tracker.pending()).isZero();
	}

	@Test
	void peerWithNothingInFlightIsDrainedAtOnceWithoutAnInFlightReport() {
		this.tracker.track(this.drain);

		this.tracker.pollOnce();

		assertThat(this.events).singleElement().isInstanceOf(PeerDrained.class);
		assertThat(this.metrics.drains).extracting(Measured::outcome).containsExactly(DrainOutcome.DRAINED);
	}

	@Test
	void drainThatRunsOutOfTimeIsTimedAsTimedOutAndReportedNoMore() {
		this.control.inFlight.put(PEER, 3L);
		this.tracker.track(this.drain);
		this.tracker.pollOnce();

		this.clock.advance(Duration.ofSeconds(2));
		this.tracker.pollOnce();
		this.clock.advance(Duration.ofSeconds(1));
		this.tracker.pollOnce();

		assertThat(this.events).extracting((event) -> event.getClass().getSimpleName())
			.containsExactly("PeerDraining", "PeerDrainTimedOut");
		assertThat(((PeerDrainTimedOut) this.events.get(1)).inFlight()).isEqualTo(3);
		assertThat(this.metrics.drains)
			.containsExactly(new Measured(ORDERS, DrainOutcome.TIMED_OUT, Duration.ofSeconds(2)));
	}

	@Test
	void eachDrainRunsOutOnItsOwnCommandsTimeoutMeasuredOnTheMonotonicClock() {
		this.control.inFlight.put(PEER, 1L);
		Endpoint other = new Endpoint("127.0.0.1", 9002);
		this.control.inFlight.put(other, 1L);
		this.tracker.track(this.drain);
		this.tracker.track(CommandId.of("c-2"), ORDERS, other, START, Duration.ofSeconds(30));

		this.clock.advance(Duration.ofSeconds(2));
		this.tracker.pollOnce();
		assertThat(this.events).filteredOn(PeerDrainTimedOut.class::isInstance)
			.extracting((event) -> ((PeerDrainTimedOut) event).commandId())
			.containsExactly(CommandId.of("c-1"));
		this.clock.advance(Duration.ofSeconds(27));
		this.tracker.pollOnce();
		assertThat(this.events).filteredOn(PeerDrainTimedOut.class::isInstance).hasSize(1);
		this.clock.advance(Duration.ofSeconds(1));
		this.tracker.pollOnce();

		assertThat(this.events).filteredOn(PeerDrainTimedOut.class::isInstance)
			.extracting((event) -> ((PeerDrainTimedOut) event).waitedMillis())
			.containsExactly(2_000L, 30_000L);
	}

	private List<PeerDraining> draining() {
		return this.events.stream().filter(PeerDraining.class::isInstance).map(PeerDraining.class::cast).toList();
	}

}
