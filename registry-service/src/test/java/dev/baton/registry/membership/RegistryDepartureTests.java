package dev.baton.registry.membership;

import java.time.Clock;
import java.time.Duration;
import java.time.Instant;
import java.time.ZoneOffset;
import java.util.List;
import java.util.concurrent.atomic.AtomicLong;

import org.junit.jupiter.api.Test;

import dev.baton.contracts.CommandId;
import dev.baton.contracts.Endpoint;
import dev.baton.contracts.Gate;
import dev.baton.contracts.GateKey;
import dev.baton.contracts.InstanceId;
import dev.baton.contracts.NodeId;
import dev.baton.contracts.ServiceName;
import dev.baton.contracts.Version;
import dev.baton.contracts.health.HealthStatus;
import dev.baton.contracts.nginx.DrainDeadline;
import dev.baton.contracts.nginx.NodeHeartbeat;
import dev.baton.contracts.nginx.NodeLeft;
import dev.baton.contracts.nginx.PeerDrainTimedOut;
import dev.baton.contracts.nginx.PeerDrained;
import dev.baton.contracts.operation.OperateInstance;
import dev.baton.contracts.operation.OperatorAction;
import dev.baton.contracts.registration.InstanceDeregistered;
import dev.baton.contracts.registry.InstanceSnapshot;
import dev.baton.contracts.registry.Lifecycle;
import dev.baton.contracts.registry.ObservedHealth;
import dev.baton.registry.departure.DepartureDrains;
import dev.baton.registry.gates.GateChange;
import dev.baton.registry.lifecycle.LifecycleConflictException;
import dev.baton.registry.lifecycle.RegisteredInstances;
import dev.baton.registry.membership.Registry.GateRecord;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatExceptionOfType;

/**
 * An online instance deregistered, by an app, a scaler or anyone else, leaves rotation at
 * once and the registry only once every live nginx node confirmed it drained; a drain not
 * confirmed in time keeps it out of rotation, registered, on the record.
 */
class RegistryDepartureTests {

	private static final ServiceName ORDERS = ServiceName.of("orders");

	private static final Instant AT = Instant.parse("2026-12-07T10:00:00Z");

	private static final Endpoint ENDPOINT = new Endpoint("127.0.0.1", 9001);

	private static final GateKey ADMIN = new GateKey(ORDERS, ENDPOINT, Gate.ADMIN);

	private static final GateKey HEALTH = new GateKey(ORDERS, ENDPOINT, Gate.HEALTH);

	private static final InstanceId ORDERS_1 = InstanceId.of("orders-1");

	private static final NodeId NODE_A = NodeId.of("node-a");

	private static final NodeId NODE_B = NodeId.of("node-b");

	private final AtomicLong nanos = new AtomicLong();

	private final RecordedPublications published = new RecordedPublications();

	private final Registry registry = new Registry(
			new RegisteredInstances((service) -> false, Clock.fixed(AT, ZoneOffset.UTC)), this.published,
			new PendingCommands(), new DepartureDrains(new DrainDeadline(30_000, DrainDeadline.OnTimeout.FAIL),
					Duration.ofMinutes(10), this.nanos::get));

	@Test
	void anOnlineInstanceDeregisteredLeavesRotationAtOnceAndTheRegistryOnlyOnceEveryLiveNodeDrainedIt() {
		nodes(NODE_A, NODE_B);
		online();

		this.registry.handle(deregistration());

		assertThat(lifecycle()).isEqualTo(Lifecycle.LEAVING);
		GateChange closing = drainCommand(this.published.gates);
		assertThat(closing.drain()).isEqualTo(new DrainDeadline(30_000, DrainDeadline.OnTimeout.FAIL));
		this.registry.handle(drained(NODE_A, closing.commandId()));
		this.registry.handle(drained(NODE_B, CommandId.random()));
		assertThat(lifecycle()).isEqualTo(Lifecycle.LEAVING);
		assertThat(this.published.gates).doesNotContain(new GateChange(ADMIN, null));

		this.registry.handle(drained(NODE_B, closing.commandId()));

		assertThat(lifecycle()).isEqualTo(Lifecycle.DEREGISTERED);
		assertThat(this.published.gates).contains(new GateChange(ADMIN, null), new GateChange(HEALTH, null));
	}

	@Test
	void aNodeThatSaysItLeftNeedNotAnswerButASilentOneIsWaitedFor() {
		nodes(NODE_A, NODE_B);
		online();
		this.registry.handle(deregistration());
		CommandId command = drainCommand(this.published.gates).commandId();

		this.registry.handle(drained(NODE_A, command));
		this.nanos.addAndGet(Duration.ofSeconds(20).toNanos());
		this.registry.checkDepartures();
		assertThat(lifecycle()).isEqualTo(Lifecycle.LEAVING);

		this.registry.handle(new NodeLeft(NODE_B, "stopped cleanly", AT));

		assertThat(lifecycle()).isEqualTo(Lifecycle.DEREGISTERED);
		assertThat(this.published.stalls).isEmpty();
	}

	@Test
	void aDrainUnansweredByItsDeadlineStallsOutOfRotationUntilTheInstanceIsDeregisteredAgain() {
		nodes(NODE_A, NODE_B);
		online();
		this.registry.handle(deregistration());
		CommandId first = drainCommand(this.published.gates).commandId();
		this.registry.handle(drained(NODE_A, first));

		this.nanos.addAndGet(Duration.ofSeconds(41).toNanos());
		nodes(NODE_A, NODE_B);
		this.registry.checkDepartures();

		assertThat(this.published.stalls).singleElement()
			.asString()
			.startsWith("orders-1: no answer from node-b within the drain's deadline of PT30S")
			.endsWith("it stays out of rotation, registered, until it is deregistered again");
		assertThat(lifecycle()).isEqualTo(Lifecycle.LEAVING);
		this.registry.handle(drained(NODE_B, first));
		assertThat(lifecycle()).as("an answer to a drain given up on").isEqualTo(Lifecycle.LEAVING);

		this.registry.handle(deregistration());

		CommandId second = drainCommand(this.published.repairs).commandId();
		assertThat(second).isNotEqualTo(first);
		this.registry.handle(drained(NODE_A, second));
		this.registry.handle(drained(NODE_B, second));
		assertThat(lifecycle()).isEqualTo(Lifecycle.DEREGISTERED);
	}

	@Test
	void aNodeThatStillHadRequestsInFlightAtTheDeadlineStallsTheDrainNamingItsCount() {
		nodes(NODE_A);
		online();
		this.registry.handle(deregistration());
		CommandId command = drainCommand(this.published.gates).commandId();

		this.registry.handle(new PeerDrainTimedOut(NODE_A, command, ORDERS, "127.0.0.1", 9001, 2, 30_000, AT));

		assertThat(this.published.stalls).singleElement()
			.asString()
			.contains("node-a still had 2 in flight at the drain's deadline of PT30S");
		assertThat(lifecycle()).isEqualTo(Lifecycle.LEAVING);
	}

	@Test
	void aRestartedRegistryDrainsEveryLeavingInstanceAgainWithANewCommand() {
		nodes(NODE_A);
		this.registry.restore(List.of(snapshot(Lifecycle.LEAVING)),
				List.of(new GateRecord(ADMIN, false), new GateRecord(HEALTH, true)));

		this.registry.resumeDepartures();

		CommandId command = drainCommand(this.published.repairs).commandId();
		this.registry.handle(drained(NODE_A, command));
		assertThat(lifecycle()).isEqualTo(Lifecycle.DEREGISTERED);
	}

	@Test
	void anInstanceOutOfRotationOrWithNoNodeToAnswerLeavesAtOnce() {
		this.registry.restore(List.of(snapshot(Lifecycle.OFFLINE)), List.of());
		this.registry.handle(deregistration());
		assertThat(lifecycle()).isEqualTo(Lifecycle.DEREGISTERED);

		online();
		this.registry.handle(deregistration());
		assertThat(this.published.changes).last()
			.satisfies((change) -> assertThat(change.reason()).isEqualTo("no nginx node serves orders"));
		assertThat(lifecycle()).isEqualTo(Lifecycle.DEREGISTERED);
	}

	@Test
	void anOperatorCannotBringALeavingInstanceBack() {
		nodes(NODE_A);
		online();
		this.registry.handle(deregistration());

		assertThatExceptionOfType(LifecycleConflictException.class)
			.isThrownBy(() -> this.registry
				.handle(new OperateInstance(null, ORDERS, ORDERS_1, OperatorAction.OFFLINE, "alice", "", AT)))
			.withMessageContaining("it is leaving");
		assertThat(lifecycle()).isEqualTo(Lifecycle.LEAVING);
	}

	private void nodes(NodeId... nodes) {
		for (NodeId node : nodes) {
			this.registry.handle(new NodeHeartbeat(node, "epoch", List.of(ORDERS), 2000, AT));
		}
	}

	private void online() {
		this.registry.restore(List.of(snapshot(Lifecycle.ONLINE)),
				List.of(new GateRecord(ADMIN, true), new GateRecord(HEALTH, true)));
	}

	private Lifecycle lifecycle() {
		return this.registry.instances()
			.stream()
			.filter((instance) -> instance.instanceId().equals(ORDERS_1))
			.findFirst()
			.orElseThrow()
			.lifecycle();
	}

	private static GateChange drainCommand(List<GateChange> gates) {
		return gates.stream()
			.filter((gate) -> gate.key().equals(ADMIN) && gate.drain() != null)
			.reduce((first, last) -> last)
			.orElseThrow();
	}

	private static InstanceDeregistered deregistration() {
		return new InstanceDeregistered(null, ORDERS_1, ORDERS, null, 0, "scaler", "scale in", AT);
	}

	private static PeerDrained drained(NodeId node, CommandId command) {
		return new PeerDrained(node, command, ORDERS, "127.0.0.1", 9001, 12, AT);
	}

	private InstanceSnapshot snapshot(Lifecycle lifecycle) {
		long revision = this.published.changes.size() + 10;
		return new InstanceSnapshot(ORDERS_1, ORDERS, "127.0.0.1", 9001, Version.of("v1"), "/health", lifecycle,
				new ObservedHealth(HealthStatus.HEALTHY, Version.of("v1"), "", AT), "alice", revision, AT, "");
	}

}
