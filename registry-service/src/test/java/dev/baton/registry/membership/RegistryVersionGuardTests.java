package dev.baton.registry.membership;

import java.time.Clock;
import java.time.Instant;
import java.time.ZoneOffset;
import java.util.List;
import java.util.Map;

import org.junit.jupiter.api.Test;

import dev.baton.contracts.DeployId;
import dev.baton.contracts.Endpoint;
import dev.baton.contracts.Gate;
import dev.baton.contracts.GateKey;
import dev.baton.contracts.InstanceId;
import dev.baton.contracts.ServiceName;
import dev.baton.contracts.Version;
import dev.baton.contracts.deploy.DeployStarted;
import dev.baton.contracts.deploy.DeploySucceeded;
import dev.baton.contracts.health.HealthStatus;
import dev.baton.contracts.registry.InstanceSnapshot;
import dev.baton.contracts.registry.Lifecycle;
import dev.baton.contracts.registry.ObservedHealth;
import dev.baton.registry.gates.GateChange;
import dev.baton.registry.lifecycle.AllowedEndpoints;
import dev.baton.registry.lifecycle.RegisteredInstances;
import dev.baton.registry.membership.Registry.GateRecord;
import dev.baton.registry.versions.ExpectedVersions;
import dev.baton.registry.versions.VersionPolicy;

import static org.assertj.core.api.Assertions.assertThat;

/**
 * The registry judges instances against the versions deploys make expected: live, as each
 * deploy step arrives, and after a restart, from the steps read back, before it repairs
 * any gate.
 */
class RegistryVersionGuardTests {

	private static final ServiceName ORDERS = ServiceName.of("orders");

	private static final Instant AT = Instant.parse("2026-11-29T10:00:00Z");

	private static final GateKey HEALTH = new GateKey(ORDERS, new Endpoint("127.0.0.1", 9001), Gate.HEALTH);

	private static final GateKey ADMIN = new GateKey(ORDERS, new Endpoint("127.0.0.1", 9001), Gate.ADMIN);

	private final RecordedPublications published = new RecordedPublications();

	private final Registry registry = new Registry(
			new RegisteredInstances((service) -> false, (service) -> AllowedEndpoints.ANY,
					new ExpectedVersions((service) -> VersionPolicy.DEFAULT), Clock.fixed(AT, ZoneOffset.UTC)),
			this.published, new PendingCommands());

	@Test
	void aRestartedRegistryJudgesItsInstancesAgainstTheReplayedDeployStepsBeforeRepairingAnyGate() {
		// Before the restart: orders-1 healthy on v2 while v1 was expected, its HEALTH
		// gate held closed; then a deploy of v2 started while the registry was down.
		this.registry.restore(List.of(snapshot("reports v2, but orders expects v1")),
				List.of(new GateRecord(ADMIN, false), new GateRecord(HEALTH, false)));
		this.registry.replay(succeeded("d-1", "v1"));
		this.registry.replay(started("d-2", "v2", "v1"));

		List<GateChange> repairs = this.registry.reconcile();

		assertThat(repairs).isEmpty();
		assertThat(this.published.repairs).isEmpty();
		assertThat(this.published.gates).containsExactly(new GateChange(HEALTH, true));
		assertThat(this.published.changes).singleElement().satisfies((change) -> {
			assertThat(change.after().lifecycle()).isEqualTo(Lifecycle.PRE_ONLINE);
			assertThat(change.acceptsVersion()).isTrue();
		});
	}

	@Test
	void aRestartedRegistryWhoseInstancesAreJudgedAsBeforePublishesNothing() {
		this.registry.restore(List.of(snapshot("reports v2, but orders expects v1 (deploy d-1 of v1 succeeded)")),
				List.of(new GateRecord(ADMIN, false), new GateRecord(HEALTH, false)));
		this.registry.replay(succeeded("d-1", "v1"));

		assertThat(this.registry.reconcile()).isEmpty();
		assertThat(this.published.changes).isEmpty();
		assertThat(this.published.gates).isEmpty();
	}

	@Test
	void aLiveDeployStepOpensTheGateOfAnInstanceOnTheVersionItDeploys() {
		this.registry.restore(List.of(snapshot("reports v2, but orders expects v1 (deploy d-1 of v1 succeeded)")),
				List.of(new GateRecord(ADMIN, false), new GateRecord(HEALTH, false)));
		this.registry.replay(succeeded("d-1", "v1"));
		this.registry.reconcile();

		this.registry.handle(started("d-2", "v2", "v1"));
		this.registry.handle(started("d-2", "v2", "v1"));

		assertThat(this.published.gates).containsExactly(new GateChange(HEALTH, true));
	}

	private static InstanceSnapshot snapshot(String refusal) {
		return new InstanceSnapshot(InstanceId.of("orders-1"), ORDERS, "127.0.0.1", 9001, Version.of("v1"), "/health",
				Lifecycle.REGISTERED, new ObservedHealth(HealthStatus.HEALTHY, Version.of("v2"), "", AT), "", 3, AT,
				refusal);
	}

	private static DeployStarted started(String id, String version, String previous) {
		return new DeployStarted(DeployId.of(id), ORDERS, Version.of(version),
				List.of(List.of(InstanceId.of("orders-1"))), Map.of(InstanceId.of("orders-1"), Version.of(previous)),
				"ci", AT);
	}

	private static DeploySucceeded succeeded(String id, String version) {
		return new DeploySucceeded(DeployId.of(id), ORDERS, Version.of(version), 1000, AT);
	}

}
