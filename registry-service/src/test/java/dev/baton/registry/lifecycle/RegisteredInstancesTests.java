package dev.baton.registry.lifecycle;

import java.time.Clock;
import java.time.Instant;
import java.time.ZoneOffset;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.Set;
import java.util.concurrent.atomic.AtomicLong;

import dev.baton.contracts.RecordPosition;
import org.junit.jupiter.api.Test;

import dev.baton.contracts.DeployId;
import dev.baton.contracts.InstanceId;
import dev.baton.contracts.ServiceName;
import dev.baton.contracts.Version;
import dev.baton.contracts.deploy.DeployStarted;
import dev.baton.contracts.deploy.DeploySucceeded;
import dev.baton.contracts.health.HealthStatus;
import dev.baton.contracts.health.VerdictIssued;
import dev.baton.contracts.operation.OperateInstance;
import dev.baton.contracts.operation.OperatorAction;
import dev.baton.contracts.registration.InstanceDeregistered;
import dev.baton.contracts.registration.InstanceRegistered;
import dev.baton.contracts.registration.RegistrationMessage;
import dev.baton.contracts.registry.InstanceSnapshot;
import dev.baton.contracts.registry.Lifecycle;
import dev.baton.registry.versions.ExpectedVersions;
import dev.baton.registry.versions.VersionPolicy;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatExceptionOfType;
import static org.assertj.core.api.Assertions.assertThatIllegalArgumentException;

class RegisteredInstancesTests {

	private static final AtomicLong VERDICT_OFFSETS = new AtomicLong();

	private static final ServiceName ORDERS = ServiceName.of("orders");

	private static final InstanceId ORDERS_1 = InstanceId.of("orders-1");

	private final Clock clock = Clock.fixed(Instant.parse("2026-11-29T10:00:00Z"), ZoneOffset.UTC);

	private final RegisteredInstances fleet = new RegisteredInstances((service) -> false, this.clock);

	private final RegisteredInstances autoOnlineFleet = new RegisteredInstances(Set.of(ORDERS)::contains, this.clock);

	private final RegisteredInstances guardedFleet = guarded(VersionPolicy.DEFAULT, false);

	@Test
	void newInstanceIsRegisteredWithBothGatesClosed() {
		InstanceSnapshot registered = apply(this.fleet, registration("v1", 9001));

		assertThat(registered.lifecycle()).isEqualTo(Lifecycle.REGISTERED);
		assertThat(registered.adminGateOpen()).isFalse();
		assertThat(registered.healthGateOpen()).isFalse();
	}

	@Test
	void firstHealthyVerdictMakesInstancePreOnlineAndApprovalMakesItOnline() {
		apply(this.fleet, registration("v1", 9001));
		InstanceSnapshot preOnline = applyVerdict(this.fleet, verdict(HealthStatus.HEALTHY, "v1", "10:00:01"));
		InstanceSnapshot online = apply(this.fleet, operate(OperatorAction.APPROVE));

		assertThat(preOnline.lifecycle()).isEqualTo(Lifecycle.PRE_ONLINE);
		assertThat(preOnline.healthGateOpen()).isTrue();
		assertThat(preOnline.adminGateOpen()).isFalse();
		assertThat(online.lifecycle()).isEqualTo(Lifecycle.ONLINE);
		assertThat(online.adminGateOpen()).isTrue();
		assertThat(online.decidedBy()).isEqualTo("alice");
	}

	@Test
	void approvingAnInstanceThatWasNeverHealthyIsRefused() {
		apply(this.fleet, registration("v1", 9001));

		assertThatExceptionOfType(LifecycleConflictException.class)
			.isThrownBy(() -> this.fleet.decide(operate(OperatorAction.APPROVE)))
			.withMessageContaining("has not been healthy yet");
	}

	@Test
	void commandForUnknownInstanceIsRefused() {
		assertThatExceptionOfType(UnknownInstanceException.class)
			.isThrownBy(() -> this.fleet.decide(operate(OperatorAction.OFFLINE)));
	}

	@Test
	void autoOnlineServiceGoesOnlineOnFirstHealthyVerdictThroughPreOnline() {
		apply(this.autoOnlineFleet, registration("v1", 9001));
		Change change = judge(this.autoOnlineFleet, verdict(HealthStatus.HEALTHY, "v1", "10:00:01")).orElseThrow();

		assertThat(change.after().lifecycle()).isEqualTo(Lifecycle.ONLINE);
		assertThat(change.after().decidedBy()).isEqualTo("auto-online");
		assertThat(change.transitions()).extracting(Transition::to)
			.containsExactly(Lifecycle.PRE_ONLINE, Lifecycle.ONLINE);
	}

	@Test
	void reRegistrationOnNewVersionKeepsTheOperatorsOfflineDecision() {
		apply(this.fleet, registration("v1", 9001));
		applyVerdict(this.fleet, verdict(HealthStatus.HEALTHY, "v1", "10:00:01"));
		apply(this.fleet, operate(OperatorAction.APPROVE));
		apply(this.fleet, operate(OperatorAction.OFFLINE));

		InstanceSnapshot restarted = apply(this.fleet, registration("v2", 9001));

		assertThat(restarted.lifecycle()).isEqualTo(Lifecycle.OFFLINE);
		assertThat(restarted.registeredVersion()).isEqualTo(Version.of("v2"));
		assertThat(restarted.decidedBy()).isEqualTo("alice");
	}

	@Test
	void repeatedRegistrationAndRepeatedVerdictChangeNothing() {
		apply(this.fleet, registration("v1", 9001));
		applyVerdict(this.fleet, verdict(HealthStatus.HEALTHY, "v1", "10:00:01"));

		assertThat(this.fleet.decide(registration("v1", 9001))).isEmpty();
		assertThat(judge(this.fleet, verdict(HealthStatus.HEALTHY, "v1", "10:00:31"))).isEmpty();
	}

	@Test
	void versionChangeAloneUpdatesLastHealth() {
		apply(this.fleet, registration("v1", 9001));
		applyVerdict(this.fleet, verdict(HealthStatus.HEALTHY, "v1", "10:00:01"));

		InstanceSnapshot updated = applyVerdict(this.fleet, verdict(HealthStatus.HEALTHY, "v2", "10:00:02"));

		assertThat(updated.lastHealth().version()).isEqualTo(Version.of("v2"));
		assertThat(updated.lifecycle()).isEqualTo(Lifecycle.PRE_ONLINE);
	}

	@Test
	void aVerdictReadAgainFromBeforeTheLastOneIsIgnoredWhateverItsProbeTime() {
		apply(this.fleet, registration("v1", 9001));
		Change healthy = this.fleet.decide(verdict(HealthStatus.HEALTHY, "v1", "10:00:05"), new RecordPosition(0, 42))
			.orElseThrow();
		this.fleet.accept(healthy);

		assertThat(this.fleet.decide(verdict(HealthStatus.UNHEALTHY, "v1", "10:05:00"), new RecordPosition(0, 41)))
			.isEmpty();
		assertThat(this.fleet.decide(verdict(HealthStatus.UNHEALTHY, "v1", "10:05:00"), new RecordPosition(0, 42)))
			.isEmpty();
	}

	@Test
	void aLaterVerdictCountsEvenWhenItsProberClockIsFiveMinutesBehind() {
		apply(this.fleet, registration("v1", 9001));
		applyVerdict(this.fleet, verdict(HealthStatus.HEALTHY, "v1", "10:05:00"));

		InstanceSnapshot unhealthy = applyVerdict(this.fleet, verdict(HealthStatus.UNHEALTHY, "v1", "10:00:01"));

		assertThat(unhealthy.lastHealth().status()).isEqualTo(HealthStatus.UNHEALTHY);
		assertThat(applyVerdict(this.fleet, verdict(HealthStatus.HEALTHY, "v1", "10:00:02")).lastHealth().status())
			.isEqualTo(HealthStatus.HEALTHY);
	}

	@Test
	void unhealthyVerdictClosesHealthGateButKeepsLifecycle() {
		apply(this.fleet, registration("v1", 9001));
		applyVerdict(this.fleet, verdict(HealthStatus.HEALTHY, "v1", "10:00:01"));
		apply(this.fleet, operate(OperatorAction.APPROVE));

		InstanceSnapshot sick = applyVerdict(this.fleet, verdict(HealthStatus.UNHEALTHY, "v1", "10:00:02"));

		assertThat(sick.lifecycle()).isEqualTo(Lifecycle.ONLINE);
		assertThat(sick.healthGateOpen()).isFalse();
	}

	@Test
	void deregistrationByEndpointFindsAnInstanceRegisteredWithItsOwnId() {
		apply(this.fleet, registration("v1", 9001));

		InstanceSnapshot gone = apply(this.fleet,
				new InstanceDeregistered(null, null, ORDERS, "127.0.0.1", 9001, "scaler", "scale in", null));

		assertThat(gone.instanceId()).isEqualTo(ORDERS_1);
		assertThat(gone.lifecycle()).isEqualTo(Lifecycle.DEREGISTERED);
		assertThat(this.fleet.live(ORDERS_1)).isEmpty();
	}

	@Test
	void secondInstanceOnTheSameEndpointIsRefused() {
		apply(this.fleet, registration("v1", 9001));
		InstanceRegistered other = new InstanceRegistered(null, InstanceId.of("orders-2"), ORDERS, "127.0.0.1", 9001,
				Version.of("v1"), null, null, null);

		assertThatExceptionOfType(LifecycleConflictException.class).isThrownBy(() -> this.fleet.decide(other))
			.withMessageContaining("already registered as orders-1");
	}

	@Test
	void aRegistrationThatWouldMoveARegisteredIdToAnotherEndpointIsRefusedUntilItIsDeregistered() {
		apply(this.fleet, registration("v1", 9001));
		applyVerdict(this.fleet, verdict(HealthStatus.HEALTHY, "v1", "10:00:01"));
		InstanceSnapshot online = apply(this.fleet,
				new OperateInstance(null, ORDERS, ORDERS_1, OperatorAction.APPROVE, "alice", "checked", null));

		assertThatExceptionOfType(LifecycleConflictException.class)
			.isThrownBy(() -> this.fleet.decide(registration("v1", 6666)))
			.withMessage("orders-1 is registered as orders at 127.0.0.1:9001; a registration as orders at"
					+ " 127.0.0.1:6666 would move it: deregister it first");
		assertThat(this.fleet.live(ORDERS_1)).contains(online);

		InstanceDeregistered deregistered = new InstanceDeregistered(null, ORDERS_1, ORDERS, null, 0, "scaler",
				"moving", null);
		assertThat(apply(this.fleet, deregistered).lifecycle()).isEqualTo(Lifecycle.LEAVING);
		assertThatExceptionOfType(LifecycleConflictException.class)
			.isThrownBy(() -> this.fleet.decide(registration("v1", 6666)));
		assertThat(this.fleet.decide(deregistered)).as("deregistered again while leaving").isEmpty();
		Change departed = this.fleet.depart(ORDERS_1, "drained on every nginx node").orElseThrow();
		this.fleet.accept(departed);
		assertThat(departed.transitions()).containsExactly(new Transition(Lifecycle.LEAVING, Lifecycle.DEREGISTERED));
		assertThat(apply(this.fleet, registration("v1", 6666)).lifecycle()).isEqualTo(Lifecycle.REGISTERED);
	}

	@Test
	void aDeregistrationNamingAnInstanceOfAnotherServiceIsRefusedAndChangesNothing() {
		InstanceSnapshot registered = apply(this.fleet, registration("v1", 9001));

		assertThatExceptionOfType(LifecycleConflictException.class)
			.isThrownBy(() -> this.fleet.decide(new InstanceDeregistered(null, ORDERS_1, ServiceName.of("billing"),
					null, 0, "an app of billing", "", null)))
			.withMessage("orders-1 is an instance of orders, not of billing: a deregistration names the instance's own"
					+ " service");
		assertThat(this.fleet.live(ORDERS_1)).contains(registered);
	}

	@Test
	void aRegistrationOutsideTheServicesAllowedEndpointsIsRefused() {
		RegisteredInstances guarded = new RegisteredInstances((service) -> false,
				(service) -> AllowedEndpoints.of(List.of("127.0.0.0/8"), List.of("9001-9009")), this.clock);

		assertThat(apply(guarded, registration("v1", 9001)).lifecycle()).isEqualTo(Lifecycle.REGISTERED);
		assertThatIllegalArgumentException()
			.isThrownBy(() -> guarded.decide(new InstanceRegistered(null, InstanceId.of("orders-2"), ORDERS, "10.9.9.9",
					9002, Version.of("v1"), null, null, null)))
			.withMessage("orders 10.9.9.9:9002 is not an allowed endpoint: host 10.9.9.9 is not among the allowed"
					+ " hosts [127.0.0.0/8]");
		assertThatIllegalArgumentException()
			.isThrownBy(() -> guarded.decide(new InstanceRegistered(null, InstanceId.of("orders-2"), ORDERS,
					"127.0.0.1", 22, Version.of("v1"), null, null, null)))
			.withMessageEndingWith("port 22 is not among the allowed ports [9001-9009]");
	}

	@Test
	void restoreKeepsTheNewestRevision() {
		InstanceSnapshot first = apply(this.fleet, registration("v1", 9001));
		InstanceSnapshot second = applyVerdict(this.fleet, verdict(HealthStatus.HEALTHY, "v1", "10:00:01"));
		RegisteredInstances rebuilt = new RegisteredInstances((service) -> false, this.clock);

		rebuilt.restore(second);
		rebuilt.restore(first);

		assertThat(rebuilt.live(ORDERS_1)).contains(second);
	}

	@Test
	void aHealthyInstanceOnAVersionItsServiceDoesNotExpectStaysOutOfRotationWithTheReason() {
		this.guardedFleet.learn(succeeded("d-1", "v1"));
		apply(this.guardedFleet, registration("v1", 9001));

		Change refused = judge(this.guardedFleet, verdict(HealthStatus.HEALTHY, "v3", "10:00:01")).orElseThrow();
		this.guardedFleet.accept(refused);

		assertThat(refused.after().lifecycle()).isEqualTo(Lifecycle.REGISTERED);
		assertThat(refused.after().healthGateOpen()).isFalse();
		assertThat(refused.after().lastHealth().version()).isEqualTo(Version.of("v3"));
		assertThat(refused.after().versionRefusal())
			.isEqualTo("reports v3, but orders expects v1 (deploy d-1 of v1 succeeded)");
		assertThat(refused.refusesVersion()).isTrue();
		assertThat(judge(this.guardedFleet, verdict(HealthStatus.HEALTHY, "v3", "10:00:31"))).isEmpty();
	}

	@Test
	void aDeployOfTheRefusedVersionStartingPutsTheInstanceInRotation() {
		RegisteredInstances autoOnline = guarded(VersionPolicy.DEFAULT, true);
		autoOnline.learn(succeeded("d-1", "v1"));
		apply(autoOnline, registration("v1", 9001));
		applyVerdict(autoOnline, verdict(HealthStatus.HEALTHY, "v2", "10:00:01"));

		autoOnline.learn(started("d-2", "v2", "v1"));
		List<Change> changes = autoOnline.reconsider(ORDERS);

		assertThat(changes).singleElement().satisfies((change) -> {
			assertThat(change.after().lifecycle()).isEqualTo(Lifecycle.ONLINE);
			assertThat(change.after().healthGateOpen()).isTrue();
			assertThat(change.after().versionRefusal()).isEmpty();
			assertThat(change.acceptsVersion()).isTrue();
			assertThat(change.reason()).contains("orders expects v1 or v2 (deploy d-2 of v2 is running)");
		});
	}

	@Test
	void anOnlineInstanceLeftOnTheOldVersionLeavesRotationWhenADeploySucceeds() {
		apply(this.guardedFleet, registration("v1", 9001));
		applyVerdict(this.guardedFleet, verdict(HealthStatus.HEALTHY, "v1", "10:00:01"));
		apply(this.guardedFleet, operate(OperatorAction.APPROVE));

		this.guardedFleet.learn(succeeded("d-1", "v2"));
		Change change = this.guardedFleet.reconsider(ORDERS).get(0);
		this.guardedFleet.accept(change);

		assertThat(change.after().lifecycle()).isEqualTo(Lifecycle.ONLINE);
		assertThat(change.after().healthGateOpen()).isFalse();
		assertThat(change.refusesVersion()).isTrue();
		assertThat(this.guardedFleet.reconsider(ORDERS)).isEmpty();
		assertThat(this.guardedFleet.reconsiderAll()).isEmpty();
	}

	@Test
	void anUnhealthyVerdictIsNotJudgedByItsVersion() {
		this.guardedFleet.learn(succeeded("d-1", "v1"));
		apply(this.guardedFleet, registration("v1", 9001));
		applyVerdict(this.guardedFleet, verdict(HealthStatus.HEALTHY, "v3", "10:00:01"));

		InstanceSnapshot sick = applyVerdict(this.guardedFleet, verdict(HealthStatus.UNHEALTHY, "v3", "10:00:02"));

		assertThat(sick.versionRefusal()).isEmpty();
		assertThat(sick.healthGateOpen()).isFalse();
	}

	@Test
	void aServiceThatOptedOutOfTheVersionGuardPutsAnyVersionInRotation() {
		RegisteredInstances unguarded = guarded(new VersionPolicy(false, Set.of()), false);
		unguarded.learn(succeeded("d-1", "v1"));
		apply(unguarded, registration("v1", 9001));

		InstanceSnapshot healthy = applyVerdict(unguarded, verdict(HealthStatus.HEALTHY, "v3", "10:00:01"));

		assertThat(healthy.lifecycle()).isEqualTo(Lifecycle.PRE_ONLINE);
		assertThat(healthy.healthGateOpen()).isTrue();
	}

	@Test
	void aReRegistrationKeepsTheRefusalOfTheVersionTheInstanceReports() {
		this.guardedFleet.learn(succeeded("d-1", "v1"));
		apply(this.guardedFleet, registration("v1", 9001));
		applyVerdict(this.guardedFleet, verdict(HealthStatus.HEALTHY, "v3", "10:00:01"));

		InstanceSnapshot reRegistered = apply(this.guardedFleet, registration("v3", 9001));

		assertThat(reRegistered.healthGateOpen()).isFalse();
		assertThat(reRegistered.versionRefusal()).startsWith("reports v3");
	}

	@Test
	void aHealthyVerdictOnAnExpectedVersionIsTheVersionTheInstanceRuns() {
		this.guardedFleet.learn(succeeded("d-1", "v1"));
		apply(this.guardedFleet, registration("v1", 9001));
		applyVerdict(this.guardedFleet, verdict(HealthStatus.HEALTHY, "v1", "10:00:01"));
		this.guardedFleet.learn(started("d-2", "v2", "v1"));

		InstanceSnapshot deployed = applyVerdict(this.guardedFleet, verdict(HealthStatus.HEALTHY, "v2", "10:00:02"));

		assertThat(deployed.version()).isEqualTo(Version.of("v2"));
		assertThat(deployed.registeredVersion()).isEqualTo(Version.of("v1"));
	}

	@Test
	void aVersionTheGuardRefusesIsNotTheVersionTheInstanceRuns() {
		this.guardedFleet.learn(succeeded("d-1", "v1"));
		apply(this.guardedFleet, registration("v1", 9001));
		applyVerdict(this.guardedFleet, verdict(HealthStatus.HEALTHY, "v1", "10:00:01"));

		InstanceSnapshot refused = applyVerdict(this.guardedFleet, verdict(HealthStatus.HEALTHY, "v3", "10:00:02"));

		assertThat(refused.version()).isEqualTo(Version.of("v1"));
		assertThat(refused.versionRefusal()).startsWith("reports v3");
	}

	@Test
	void aRefusedVersionBecomesTheVersionTheInstanceRunsOnceADeployOfItStarts() {
		this.guardedFleet.learn(succeeded("d-1", "v1"));
		apply(this.guardedFleet, registration("v1", 9001));
		applyVerdict(this.guardedFleet, verdict(HealthStatus.HEALTHY, "v2", "10:00:01"));

		this.guardedFleet.learn(started("d-2", "v2", "v1"));

		assertThat(this.guardedFleet.reconsider(ORDERS)).singleElement()
			.satisfies((change) -> assertThat(change.after().version()).isEqualTo(Version.of("v2")));
	}

	@Test
	void anUnhealthyVerdictKeepsTheVersionLastVerified() {
		apply(this.fleet, registration("v1", 9001));
		applyVerdict(this.fleet, verdict(HealthStatus.HEALTHY, "v2", "10:00:01"));

		InstanceSnapshot sick = applyVerdict(this.fleet, new VerdictIssued(ORDERS_1, ORDERS, "127.0.0.1", 9001,
				HealthStatus.UNHEALTHY, null, "refused", 3, 0, 2, Instant.parse("2026-11-29T10:00:02Z"), null));

		assertThat(sick.version()).isEqualTo(Version.of("v2"));
	}

	@Test
	void aReRegistrationOnAnotherVersionLeavesTheVersionTheInstanceReportsUntilAVerdictSaysOtherwise() {
		apply(this.fleet, registration("v1", 9001));
		applyVerdict(this.fleet, verdict(HealthStatus.HEALTHY, "v1", "10:00:01"));

		InstanceSnapshot reRegistered = apply(this.fleet, registration("v2", 9001));
		InstanceSnapshot restarted = applyVerdict(this.fleet, verdict(HealthStatus.HEALTHY, "v2", "10:00:02"));

		assertThat(reRegistered.version()).isEqualTo(Version.of("v1"));
		assertThat(reRegistered.registeredVersion()).isEqualTo(Version.of("v2"));
		assertThat(restarted.version()).isEqualTo(Version.of("v2"));
	}

	private RegisteredInstances guarded(VersionPolicy policy, boolean autoOnline) {
		return new RegisteredInstances((service) -> autoOnline, (service) -> AllowedEndpoints.ANY,
				new ExpectedVersions((service) -> policy), this.clock);
	}

	private static DeployStarted started(String id, String version, String previous) {
		return new DeployStarted(DeployId.of(id), ORDERS, Version.of(version), List.of(List.of(ORDERS_1)),
				Map.of(ORDERS_1, Version.of(previous)), "ci", Instant.parse("2026-11-29T10:00:00Z"));
	}

	private static DeploySucceeded succeeded(String id, String version) {
		return new DeploySucceeded(DeployId.of(id), ORDERS, Version.of(version), 1000,
				Instant.parse("2026-11-29T10:00:00Z"));
	}

	private static InstanceSnapshot apply(RegisteredInstances fleet, RegistrationMessage message) {
		Change change = fleet.decide(message).orElseThrow();
		fleet.accept(change);
		return change.after();
	}

	private static InstanceSnapshot apply(RegisteredInstances fleet, OperateInstance command) {
		Change change = fleet.decide(command).orElseThrow();
		fleet.accept(change);
		return change.after();
	}

	private static InstanceSnapshot applyVerdict(RegisteredInstances fleet, VerdictIssued verdict) {
		Change change = judge(fleet, verdict).orElseThrow();
		fleet.accept(change);
		return change.after();
	}

	/** Judges a verdict as the next one on {@code health.verdicts}. */
	private static Optional<Change> judge(RegisteredInstances fleet, VerdictIssued verdict) {
		return fleet.decide(verdict, new RecordPosition(0, VERDICT_OFFSETS.incrementAndGet()));
	}

	private static InstanceRegistered registration(String version, int port) {
		return new InstanceRegistered(null, ORDERS_1, ORDERS, "127.0.0.1", port, Version.of(version), null, null, null);
	}

	private static OperateInstance operate(OperatorAction action) {
		return new OperateInstance(null, ORDERS, ORDERS_1, action, "alice", "test", null);
	}

	private static VerdictIssued verdict(HealthStatus status, String version, String time) {
		return new VerdictIssued(ORDERS_1, ORDERS, "127.0.0.1", 9001, status, Version.of(version),
				(status == HealthStatus.HEALTHY) ? "" : "503", 3, 2, 0, Instant.parse("2026-11-29T" + time + "Z"),
				null);
	}

}
