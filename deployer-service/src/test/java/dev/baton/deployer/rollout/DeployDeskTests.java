package dev.baton.deployer.rollout;

import java.time.Duration;
import java.time.Instant;
import java.util.ArrayList;
import java.util.List;
import java.util.Optional;

import org.junit.jupiter.api.Test;

import dev.baton.contracts.DeployId;
import dev.baton.contracts.InstanceId;
import dev.baton.contracts.ServiceName;
import dev.baton.contracts.Version;
import dev.baton.contracts.deploy.DeployRejected;
import dev.baton.contracts.deploy.DeployRequested;
import dev.baton.contracts.deploy.DeployStarted;
import dev.baton.contracts.health.HealthStatus;
import dev.baton.contracts.registry.InstanceSnapshot;
import dev.baton.contracts.registry.Lifecycle;
import dev.baton.contracts.registry.ObservedHealth;
import dev.baton.deployer.fleet.Fleet;

import static org.assertj.core.api.Assertions.assertThat;

class DeployDeskTests {

	private final RolloutWorld world = new RolloutWorld();

	private final Fleet fleet = new Fleet();

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
