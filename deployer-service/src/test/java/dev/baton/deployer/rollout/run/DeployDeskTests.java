package dev.baton.deployer.rollout.run;

import java.time.Duration;
import java.time.Instant;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.Optional;

import org.junit.jupiter.api.Test;

import dev.baton.contracts.DeployId;
import dev.baton.contracts.InstanceId;
import dev.baton.contracts.ServiceName;
import dev.baton.contracts.Version;
import dev.baton.contracts.deploy.DeployPlanned;
import dev.baton.contracts.deploy.DeployRejected;
import dev.baton.contracts.deploy.DeployRequested;
import dev.baton.contracts.deploy.DeployStarted;
import dev.baton.contracts.deploy.DeploySucceeded;
import dev.baton.contracts.deploy.RollbackDeploy;
import dev.baton.contracts.health.HealthStatus;
import dev.baton.contracts.registry.InstanceSnapshot;
import dev.baton.contracts.registry.Lifecycle;
import dev.baton.contracts.registry.ObservedHealth;
import dev.baton.deployer.control.ControlDesk;
import dev.baton.deployer.control.ReleaseHistory;
import dev.baton.deployer.fleet.KnownInstances;
import dev.baton.deployer.rollout.RolloutWorld;

import static org.assertj.core.api.Assertions.assertThat;

class DeployDeskTests {

	private final RolloutWorld world = new RolloutWorld();

	private final KnownInstances fleet = new KnownInstances();

	/** Deploys are queued here instead of run, so one stays "running". */
	private final List<Runnable> queued = new ArrayList<>();

	private final DeployDesk desk = new DeployDesk(this.fleet, this.world.nodes,
			(service) -> service.value().equals("orders") ? Optional.of(RolloutWorld.policy()) : Optional.empty(),
			this.world.runs, this.world, this.queued::add, this.world.clock);

	@Test
	void rejectsADeployForAServiceThatIsAlreadyBeingDeployed() {
		fleet(3);
		this.world.node("a", true);

		this.desk.handle(request("d-1"));
		this.desk.handle(request("d-2"));

		assertThat(this.world.steps).hasSize(2);
		assertThat(this.world.steps.get(0)).isInstanceOf(DeployStarted.class);
		assertThat(this.world.steps.get(1)).isInstanceOfSatisfying(DeployRejected.class,
				(rejected) -> assertThat(rejected.reason()).contains("deploy d-1 is already running for orders"));
	}

	@Test
	void ignoresARedeliveredRequest() {
		fleet(3);
		this.world.node("a", true);

		this.desk.handle(request("d-1"));
		this.desk.handle(request("d-1"));

		assertThat(this.world.steps).singleElement().isInstanceOf(DeployStarted.class);
		assertThat(this.queued).hasSize(1);
	}

	@Test
	void rejectsWhenNoLiveNginxNodeCouldConfirmADrain() {
		fleet(3);

		this.desk.handle(request("d-1"));

		assertThat(this.world.steps).singleElement()
			.isInstanceOfSatisfying(DeployRejected.class,
					(rejected) -> assertThat(rejected.reason()).contains("no nginx node serves orders"));
	}

	@Test
	void rejectsAnUnknownService() {
		this.desk.handle(new DeployRequested(DeployId.of("d-1"), ServiceName.of("payments"), Version.of("v2"), null,
				null, Duration.ofSeconds(1), false, "ci", null));

		assertThat(this.world.steps).singleElement()
			.isInstanceOfSatisfying(DeployRejected.class,
					(rejected) -> assertThat(rejected.reason()).startsWith("unknown service payments"));
	}

	@Test
	void aRollbackDeploysTheReleaseBeforeTheNewestSucceededOneWithoutBakeOrCanary() {
		fleet(3);
		this.world.node("a", true);
		ReleaseHistory releases = new ReleaseHistory();
		succeeded(releases, "d-1", "v1");
		succeeded(releases, "d-2", "v2");

		desk(releases).handle(new RollbackDeploy(DeployId.of("r-1"), RolloutWorld.ORDERS, "ops", "errors", null));

		assertThat(this.world.steps).singleElement().isInstanceOfSatisfying(DeployStarted.class, (started) -> {
			assertThat(started.version()).isEqualTo(Version.of("v1"));
			assertThat(started.rollback()).isTrue();
			assertThat(started.bakeMillis()).isZero();
			assertThat(started.canaryPercent()).isZero();
			assertThat(started.requestedBy()).isEqualTo("ops");
		});
		assertThat(this.queued).hasSize(1);
	}

	@Test
	void aRollbackWithNoEarlierReleaseToGoBackToIsRejected() {
		fleet(3);
		this.world.node("a", true);
		ReleaseHistory releases = new ReleaseHistory();
		DeployDesk desk = desk(releases);

		desk.handle(new RollbackDeploy(DeployId.of("r-1"), RolloutWorld.ORDERS, "ops", "", null));
		succeeded(releases, "d-1", "v1");
		desk.handle(new RollbackDeploy(DeployId.of("r-2"), RolloutWorld.ORDERS, "ops", "", null));

		assertThat(this.world.steps).extracting((step) -> ((DeployRejected) step).reason())
			.containsExactly("nothing to roll back to: no deploy of orders succeeded yet",
					"nothing to roll back to: v1 is the only release of orders that succeeded");
		assertThat(this.queued).isEmpty();
	}

	@Test
	void aDryRunAnswersWithThePlanAndStartsNothing() {
		fleet(3);
		this.world.node("a", true);

		this.desk.handle(new DeployRequested(DeployId.of("plan-1"), RolloutWorld.ORDERS, Version.of("v2"), null, null,
				null, false, "ci", null, null, Duration.ofSeconds(60), 10, true));

		assertThat(this.world.steps).singleElement().isInstanceOfSatisfying(DeployPlanned.class, (planned) -> {
			assertThat(planned.batches()).hasSize(3);
			assertThat(planned.canary().weight()).isEqualTo(22);
			assertThat(planned.bakeMillis()).isEqualTo(60_000);
			assertThat(planned.steps()).contains("batch 1 of 3: orders-1 (on v1)",
					"  open the DEPLOY gate at weight 22 (canary: 10% of the traffic beside 2 full peer(s)),"
							+ " wait until every node reports it up (within 5s)",
					"  close the DEPLOY gate, wait until every nginx node (a) reports it drained (within 5s)",
					"  bake 1m");
		});
		assertThat(this.queued).isEmpty();
		assertThat(this.world.gates).isEmpty();
		this.desk.handle(request("plan-1"));
		assertThat(this.world.steps).hasSize(1);
	}

	private DeployDesk desk(ReleaseHistory releases) {
		return new DeployDesk(this.fleet, this.world.nodes, (service) -> Optional.of(RolloutWorld.policy()),
				this.world.runs, this.world, this.queued::add, this.world.clock, new ControlDesk(this.world::audit),
				releases);
	}

	private static void succeeded(ReleaseHistory releases, String deployId, String version) {
		releases.record(new DeployStarted(DeployId.of(deployId), RolloutWorld.ORDERS, Version.of(version), List.of(),
				Map.of(), "ci", Instant.now()));
		releases.record(
				new DeploySucceeded(DeployId.of(deployId), RolloutWorld.ORDERS, Version.of(version), 1, Instant.now()));
	}

	private void fleet(int count) {
		for (int i = 1; i <= count; i++) {
			this.fleet.update(new InstanceSnapshot(InstanceId.of("orders-" + i), RolloutWorld.ORDERS, "127.0.0.1",
					9000 + i, Version.of("v1"), "/health", Lifecycle.ONLINE,
					new ObservedHealth(HealthStatus.HEALTHY, Version.of("v1"), "", Instant.now()), "", 1,
					Instant.now()));
		}
	}

	private static DeployRequested request(String deployId) {
		return new DeployRequested(DeployId.of(deployId), RolloutWorld.ORDERS, Version.of("v2"), null, null, null,
				false, "ci", null);
	}

}
