package dev.baton.nginx.sync;

import java.time.Clock;
import java.time.Duration;
import java.time.Instant;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.CopyOnWriteArrayList;

import dev.baton.clock.Ticker;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.Test;
import org.slf4j.MDC;

import dev.baton.contracts.CommandId;
import dev.baton.contracts.Endpoint;
import dev.baton.contracts.Gate;
import dev.baton.contracts.GateKey;
import dev.baton.contracts.NodeId;
import dev.baton.contracts.ServiceName;
import dev.baton.contracts.nginx.CommandRejected;
import dev.baton.contracts.nginx.NginxEvent;
import dev.baton.contracts.nginx.PeerApplied;
import dev.baton.contracts.nginx.DrainDeadline;
import dev.baton.contracts.nginx.PeerDrainTimedOut;
import dev.baton.contracts.nginx.PeerDrained;
import dev.baton.contracts.nginx.PeerDraining;
import dev.baton.contracts.nginx.SetPeerGate;
import dev.baton.nginx.peers.DesiredPeers;
import dev.baton.nginx.peers.PeerSet;
import dev.baton.nginx.sync.NodeMetrics.CommandOutcome;
import dev.baton.nginx.sync.RecordingMetrics.Measured;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatIllegalArgumentException;
import static org.assertj.core.api.Assertions.tuple;
import static org.awaitility.Awaitility.await;

class GateCommandsTests {

	private static final NodeId NODE = NodeId.of("node-1");

	private static final ServiceName ORDERS = ServiceName.of("orders");

	private static final Endpoint PEER = new Endpoint("127.0.0.1", 9001);

	private final RecordingControl control = new RecordingControl();

	private final List<NginxEvent> events = new CopyOnWriteArrayList<>();

	/** The logging context each event was published in. */
	private final Map<NginxEvent, Map<String, String>> contexts = new ConcurrentHashMap<>();

	private final RecordingMetrics metrics = new RecordingMetrics();

	private final DrainTracker drains = new DrainTracker(NODE, this.control, this::publish, this.metrics,
			Clock.systemUTC(), Ticker.SYSTEM, Duration.ofMillis(5));

	private final DesiredPeers desired = new DesiredPeers();

	private final PeerSync sync = new PeerSync(NODE, Set.of(ORDERS), this.desired, this.control, this::publish,
			this.drains, this.metrics, Clock.systemUTC(),
			new SyncSchedule(Duration.ofMillis(50), Duration.ofSeconds(1)));

	private final MutableClock clock = new MutableClock(Instant.now());

	private final OwedAnswers owed = new OwedAnswers(NODE, Duration.ofMinutes(10));

	private final List<ServiceName> changed = new CopyOnWriteArrayList<>();

	private final GateCommands commands = new GateCommands(NODE, Set.of(ORDERS), this.desired, this.sync, this::publish,
			this.metrics, Clock.systemUTC(), this.owed, this.changed::add);

	private void publish(NginxEvent event) {
		Map<String, String> context = MDC.getCopyOfContextMap();
		this.contexts.put(event, (context != null) ? context : Map.of());
		this.events.add(event);
	}

	@AfterEach
	void stop() {
		this.sync.close();
		this.drains.close();
	}

	@Test
	void commandForAnUpstreamTheNodeDoesNotServeIsRejectedNamingTheNode() {
		this.commands.accept("payments/127.0.0.1:9001/ADMIN", gate("c1", "payments", Gate.ADMIN, true), null);

		assertThat(this.events).singleElement()
			.isInstanceOfSatisfying(CommandRejected.class,
					(rejected) -> assertThat(rejected.reason()).contains("node-1", "payments"));
	}

	@Test
	void recordWhoseKeyDoesNotMatchItsCommandIsRefused() {
		assertThatIllegalArgumentException()
			.isThrownBy(() -> this.commands.accept("orders/127.0.0.1:9001/HEALTH",
					gate("c1", "orders", Gate.ADMIN, true), null))
			.withMessageContaining("does not match");
	}

	@Test
	void aCommandPublishedAgainAfterItsGateMovedOnIsRefusedLiveAndReplayedAndBringsBackNoPeer() {
		SetPeerGate approved = gate("c1", "orders", Gate.ADMIN, true);
		this.commands.restore("orders/127.0.0.1:9001/ADMIN", approved);
		this.commands.restore("orders/127.0.0.1:9001/ADMIN", approved);
		this.commands.restore("orders/127.0.0.1:9001/ADMIN", null);
		assertThatIllegalArgumentException()
			.isThrownBy(() -> this.commands.restore("orders/127.0.0.1:9001/ADMIN", approved))
			.withMessageContaining("superseded");

		this.commands.accept("orders/127.0.0.1:9001/HEALTH", gate("c2", "orders", Gate.HEALTH, false), null);
		this.commands.accept("orders/127.0.0.1:9001/HEALTH", gate("c3", "orders", Gate.HEALTH, true), null);
		assertThatIllegalArgumentException()
			.isThrownBy(() -> this.commands.accept("orders/127.0.0.1:9001/HEALTH",
					gate("c2", "orders", Gate.HEALTH, false), null))
			.withMessageContaining("superseded");
		this.commands.accept("orders/127.0.0.1:9001/HEALTH", null, null);
		assertThatIllegalArgumentException()
			.isThrownBy(() -> this.commands.accept("orders/127.0.0.1:9001/HEALTH",
					gate("c3", "orders", Gate.HEALTH, true), null))
			.withMessageContaining("superseded");

		assertThat(this.desired.peerSet(ORDERS).peers()).as("the gates' tombstones hold: the peer left its set")
			.isEmpty();
	}

	@Test
	void closingCommandIsAppliedThenDrainedOnceInFlightReachesZero() {
		start();
		this.control.inFlight.put(PEER, 2L);

		this.commands.accept("orders/127.0.0.1:9001/DEPLOY", gate("c1", "orders", Gate.DEPLOY, false), null);
		await().until(() -> this.events.stream().anyMatch(PeerApplied.class::isInstance));
		assertThat(this.events).noneMatch(PeerDrained.class::isInstance);
		synchronized (this.control) {
			this.control.inFlight.put(PEER, 0L);
		}

		await().until(() -> this.events.stream().anyMatch(PeerDrained.class::isInstance));
	}

	@Test
	void drainThatNeverReachesZeroTimesOutOnTheCommandsDeadlineWithTheCountLeft() {
		start();
		this.control.inFlight.put(PEER, 3L);

		this.commands.accept("orders/127.0.0.1:9001/DEPLOY",
				SetPeerGate.closing(CommandId.of("c1"), ORDERS, "127.0.0.1", 9001, Gate.DEPLOY, "test", "unit", null,
						DrainDeadline.of(Duration.ofMillis(300), DrainDeadline.OnTimeout.FAIL)),
				null);

		PeerDrainTimedOut timedOut = await().until(() -> this.events.stream()
			.filter(PeerDrainTimedOut.class::isInstance)
			.map(PeerDrainTimedOut.class::cast)
			.findFirst()
			.orElse(null), (event) -> event != null);
		assertThat(timedOut.inFlight()).isEqualTo(3);
		assertThat(timedOut.waitedMillis()).isBetween(300L, 10_000L);
	}

	@Test
	void commandThatLeavesWhatNginxDoesWithThePeerAsItIsIsAnsweredWithoutAPush() {
		start();
		this.commands.accept("orders/127.0.0.1:9001/ADMIN", gate("c1", "orders", Gate.ADMIN, true), null);
		this.commands.accept("orders/127.0.0.1:9001/DEPLOY", gate("c2", "orders", Gate.DEPLOY, false), null);
		awaitAnswers(2);
		int pushes = this.control.pushes.size();

		// As in a deploy's restart: health fails while the DEPLOY gate is closed, then
		// the deployer reopens its gate just before the health gate reopens.
		this.commands.accept("orders/127.0.0.1:9001/HEALTH", gate("c3", "orders", Gate.HEALTH, false), null);
		awaitAnswers(3);
		this.commands.accept("orders/127.0.0.1:9001/DEPLOY", gate("c4", "orders", Gate.DEPLOY, true), null);
		awaitAnswers(4);
		assertThat(this.control.pushes).as("the peer stayed out of rotation").hasSize(pushes);

		this.commands.accept("orders/127.0.0.1:9001/HEALTH", gate("c5", "orders", Gate.HEALTH, true), null);
		awaitAnswers(5);
		assertThat(this.control.pushes).hasSize(pushes + 1);
		assertThat(this.control.held.get(ORDERS).stateOf(PEER)).contains(true);
		assertThat(this.events).filteredOn(PeerApplied.class::isInstance)
			.extracting((event) -> ((PeerApplied) event).up())
			.endsWith(false, false, true);
	}

	@Test
	void newEpochPushesEveryPeerSetAgain() {
		start();
		this.commands.accept("orders/127.0.0.1:9001/ADMIN", gate("c1", "orders", Gate.ADMIN, true), null);
		await().until(() -> this.events.stream().anyMatch(PeerApplied.class::isInstance));
		int pushes = this.control.pushes.size();

		this.control.epoch = "epoch-2";

		await().until(() -> this.control.pushes.size() > pushes && this.sync.epoch().equals("epoch-2"));
	}

	@Test
	void peersChangedInNginxBehindTheNodesBackArePushedAgain() {
		start();
		this.commands.accept("orders/127.0.0.1:9001/ADMIN", gate("c1", "orders", Gate.ADMIN, true), null);
		await().until(() -> this.events.stream().anyMatch(PeerApplied.class::isInstance));
		PeerSet wanted = this.desired.peerSet(ORDERS);
		int pushes;
		synchronized (this.control) {
			pushes = this.control.pushes.size();
			this.control.held.put(ORDERS, new PeerSet(ORDERS, List.of()));
		}

		await().until(() -> {
			synchronized (this.control) {
				return this.control.pushes.size() > pushes && wanted.equals(this.control.held.get(ORDERS));
			}
		});
		assertThat(this.events).filteredOn(PeerApplied.class::isInstance).hasSize(1);
	}

	@Test
	void setHeldWithAnotherSlowStartIsPushedAtStartAndAgainWhenItDrifts() {
		DesiredPeers ramping = new DesiredPeers(Map.of(ORDERS, Duration.ofSeconds(8)));
		ramping.set(new GateKey(ORDERS, PEER, Gate.ADMIN), true);
		ramping.set(new GateKey(ORDERS, PEER, Gate.HEALTH), true);
		PeerSet wanted = ramping.peerSet(ORDERS);
		// as an nginx adopted from a start with slow start off holds it
		PeerSet slowStartOff = new PeerSet(ORDERS, wanted.peers());
		this.control.held.put(ORDERS, slowStartOff);

		try (PeerSync restarted = new PeerSync(NODE, Set.of(ORDERS), ramping, this.control, this::publish, this.drains,
				this.metrics, Clock.systemUTC(), new SyncSchedule(Duration.ofMillis(50), Duration.ofMillis(100)))) {
			restarted.start();
			await().until(() -> {
				synchronized (this.control) {
					return wanted.equals(this.control.held.get(ORDERS));
				}
			});
			int pushes;
			synchronized (this.control) {
				pushes = this.control.pushes.size();
				this.control.held.put(ORDERS, slowStartOff);
			}

			await().until(() -> {
				synchronized (this.control) {
					return this.control.pushes.size() > pushes && wanted.equals(this.control.held.get(ORDERS));
				}
			});
		}
	}

	@Test
	void liveCommandIsTimedFromItsRecordToItsAnswerButAReplayedOneIsNot() {
		start();
		Instant written = Instant.now().minusMillis(50);

		this.commands.accept("orders/127.0.0.1:9001/ADMIN", gate("c1", "orders", Gate.ADMIN, true), written);
		this.commands.restore("orders/127.0.0.1:9001/HEALTH", gate("c2", "orders", Gate.HEALTH, true));
		this.commands.answerOwed();
		await().until(() -> this.events.stream().filter(PeerApplied.class::isInstance).count() == 2);

		assertThat(this.metrics.commands).singleElement().satisfies((measured) -> {
			assertThat(measured.service()).isEqualTo(ORDERS);
			assertThat(measured.outcome()).isEqualTo(CommandOutcome.APPLIED);
			assertThat(measured.duration()).isGreaterThanOrEqualTo(Duration.ofMillis(50));
		});
	}

	@Test
	void rejectedLiveCommandIsTimedAsRejected() {
		this.commands.accept("payments/127.0.0.1:9001/ADMIN", gate("c1", "payments", Gate.ADMIN, true), Instant.now());

		assertThat(this.metrics.commands).extracting(Measured::service, Measured::outcome)
			.containsExactly(tuple(ServiceName.of("payments"), CommandOutcome.REJECTED));
	}

	@Test
	void answersArePublishedNamingTheirCommandInTheLoggingContextWhichIsClearedAfterwards() {
		start();
		this.control.inFlight.put(PEER, 1L);

		this.commands.accept("payments/127.0.0.1:9001/ADMIN", gate("c1", "payments", Gate.ADMIN, true), null);
		this.commands.accept("orders/127.0.0.1:9001/DEPLOY", gate("c2", "orders", Gate.DEPLOY, false), null);
		await().until(() -> this.events.stream().anyMatch(PeerDraining.class::isInstance));
		synchronized (this.control) {
			this.control.inFlight.put(PEER, 0L);
		}
		await().until(() -> this.events.stream().anyMatch(PeerDrained.class::isInstance));

		List<String> types = this.events.stream().map((event) -> event.getClass().getSimpleName()).toList();
		assertThat(types).startsWith("CommandRejected", "PeerApplied", "PeerDraining").endsWith("PeerDrained");
		assertThat(types.subList(2, types.size() - 1)).containsOnly("PeerDraining");
		assertThat(this.contexts.get(this.events.get(0))).containsExactlyInAnyOrderEntriesOf(
				Map.of("commandId", "c1", "service", "payments", "peer", "127.0.0.1:9001"));
		this.events.subList(1, this.events.size())
			.forEach((event) -> assertThat(this.contexts.get(event)).containsExactlyInAnyOrderEntriesOf(
					Map.of("commandId", "c2", "service", "orders", "peer", "127.0.0.1:9001")));
		assertThat(MDC.getCopyOfContextMap()).as("logging context left on the listener's thread").isNullOrEmpty();
	}

	@Test
	void afterTheReplayOnlyTheLatestRecentUnansweredCommandOfEachGateIsAnswered() {
		start();
		this.commands.restore("orders/127.0.0.1:9001/ADMIN", decided("old", "orders", Gate.ADMIN, true));
		this.clock.advance(Duration.ofMinutes(11));
		this.commands.restore("orders/127.0.0.1:9001/HEALTH", decided("superseded", "orders", Gate.HEALTH, false));
		this.commands.restore("orders/127.0.0.1:9001/HEALTH", decided("answered", "orders", Gate.HEALTH, true));
		this.commands.restore("orders/127.0.0.1:9001/DEPLOY",
				decided("applied-not-drained", "orders", Gate.DEPLOY, false));
		this.commands.restore("payments/127.0.0.1:9001/ADMIN", decided("foreign", "payments", Gate.ADMIN, true));
		this.owed.answered(
				new PeerApplied(NODE, CommandId.of("answered"), ORDERS, "127.0.0.1", 9001, true, this.clock.instant()));
		this.owed.answered(new PeerApplied(NODE, CommandId.of("applied-not-drained"), ORDERS, "127.0.0.1", 9001, false,
				this.clock.instant()));

		assertThat(this.commands.answerOwed()).isEqualTo(2);

		await().until(() -> this.events.stream().anyMatch(PeerDrained.class::isInstance));
		assertThat(this.events).extracting((event) -> event.getClass().getSimpleName() + " " + commandId(event))
			.containsExactlyInAnyOrder("CommandRejected foreign", "PeerApplied applied-not-drained",
					"PeerDrained applied-not-drained");
	}

	/** A command decided now by the test's clock. */
	private SetPeerGate decided(String id, String service, Gate gate, boolean open) {
		return new SetPeerGate(CommandId.of(id), ServiceName.of(service), "127.0.0.1", 9001, gate, open, "test", "unit",
				this.clock.instant());
	}

	private static String commandId(NginxEvent event) {
		if (event instanceof PeerApplied applied) {
			return applied.commandId().value();
		}
		if (event instanceof PeerDrained drained) {
			return drained.commandId().value();
		}
		return ((CommandRejected) event).commandId().value();
	}

	@Test
	void liveCommandsTombstonesAndOwedAnswersAreGateChangesOfServedUpstreamsAndReplayedRecordsAreNot() {
		this.commands.restore("orders/127.0.0.1:9001/ADMIN", gate("replayed", "orders", Gate.ADMIN, true));
		assertThat(this.changed).isEmpty();

		this.commands.answerOwed();
		this.commands.accept("orders/127.0.0.1:9001/DEPLOY", gate("live", "orders", Gate.DEPLOY, true), null);
		this.commands.accept("orders/127.0.0.1:9001/HEALTH", null, null);
		this.commands.accept("payments/127.0.0.1:9001/ADMIN", gate("foreign", "payments", Gate.ADMIN, true), null);

		assertThat(this.changed).containsExactly(ORDERS, ORDERS, ORDERS);
	}

	private void start() {
		this.drains.start();
		this.sync.start();
	}

	private void awaitAnswers(int count) {
		await().until(() -> this.events.stream().filter(PeerApplied.class::isInstance).count() == count);
	}

	private static SetPeerGate gate(String id, String service, Gate gate, boolean open) {
		return new SetPeerGate(CommandId.of(id), ServiceName.of(service), "127.0.0.1", 9001, gate, open, "test", "unit",
				null);
	}

}
