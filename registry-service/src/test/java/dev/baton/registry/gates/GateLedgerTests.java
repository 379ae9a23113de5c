package dev.baton.registry.gates;

import java.time.Instant;
import java.util.List;

import org.junit.jupiter.api.Test;

import dev.baton.contracts.Endpoint;
import dev.baton.contracts.Gate;
import dev.baton.contracts.GateKey;
import dev.baton.contracts.InstanceId;
import dev.baton.contracts.ServiceName;
import dev.baton.contracts.Version;
import dev.baton.contracts.health.HealthStatus;
import dev.baton.contracts.registry.InstanceSnapshot;
import dev.baton.contracts.registry.Lifecycle;
import dev.baton.contracts.registry.ObservedHealth;

import static org.assertj.core.api.Assertions.assertThat;

class GateLedgerTests {

	private static final ServiceName ORDERS = ServiceName.of("orders");

	private static final GateKey ADMIN = new GateKey(ORDERS, new Endpoint("127.0.0.1", 9001), Gate.ADMIN);

	private static final GateKey HEALTH = new GateKey(ORDERS, new Endpoint("127.0.0.1", 9001), Gate.HEALTH);

	private final GateLedger ledger = new GateLedger();

	@Test
	void newInstanceGetsBothGatesClosedAdminFirst() {
		List<GateChange> changes = publish(null, instance(Lifecycle.REGISTERED, null, 1));

		assertThat(changes).containsExactly(new GateChange(ADMIN, false), new GateChange(HEALTH, false));
	}

	@Test
	void onlyGatesWhoseStateChangedArePublished() {
		InstanceSnapshot registered = instance(Lifecycle.REGISTERED, null, 1);
		publish(null, registered);
		InstanceSnapshot preOnline = instance(Lifecycle.PRE_ONLINE, HealthStatus.HEALTHY, 2);

		assertThat(publish(registered, preOnline)).containsExactly(new GateChange(HEALTH, true));
		assertThat(publish(preOnline, instance(Lifecycle.ONLINE, HealthStatus.HEALTHY, 3)))
			.containsExactly(new GateChange(ADMIN, true));
	}

	@Test
	void deregistrationRemovesBothGates() {
		InstanceSnapshot online = instance(Lifecycle.ONLINE, HealthStatus.HEALTHY, 3);
		publish(null, online);

		assertThat(publish(online, instance(Lifecycle.DEREGISTERED, HealthStatus.HEALTHY, 4)))
			.containsExactlyInAnyOrder(new GateChange(ADMIN, null), new GateChange(HEALTH, null));
	}

	@Test
	void reconcilingARestoredLedgerThatMatchesPublishesNothing() {
		this.ledger.restore(ADMIN, true);
		this.ledger.restore(HEALTH, true);
		this.ledger.restore(new GateKey(ORDERS, new Endpoint("127.0.0.1", 9001), Gate.DEPLOY), false);

		assertThat(this.ledger.reconcile(List.of(instance(Lifecycle.ONLINE, HealthStatus.HEALTHY, 3)))).isEmpty();
	}

	@Test
	void reconcilingRepairsDriftAndRemovesGatesOfUnknownPeers() {
		GateKey stranger = new GateKey(ORDERS, new Endpoint("127.0.0.1", 9999), Gate.ADMIN);
		this.ledger.restore(ADMIN, false);
		this.ledger.restore(stranger, true);

		assertThat(this.ledger.reconcile(List.of(instance(Lifecycle.ONLINE, HealthStatus.HEALTHY, 3))))
			.containsExactly(new GateChange(stranger, null), new GateChange(ADMIN, true), new GateChange(HEALTH, true));
	}

	private List<GateChange> publish(InstanceSnapshot before, InstanceSnapshot after) {
		List<GateChange> changes = this.ledger.changes(before, after);
		this.ledger.published(changes);
		return changes;
	}

	private static InstanceSnapshot instance(Lifecycle lifecycle, HealthStatus health, long revision) {
		ObservedHealth lastHealth = (health != null)
				? new ObservedHealth(health, Version.of("v1"), "", Instant.parse("2026-11-29T10:00:00Z")) : null;
		return new InstanceSnapshot(InstanceId.of("orders-1"), ORDERS, "127.0.0.1", 9001, Version.of("v1"), "/health",
				lifecycle, lastHealth, "", revision, Instant.parse("2026-11-29T10:00:00Z"));
	}

}
