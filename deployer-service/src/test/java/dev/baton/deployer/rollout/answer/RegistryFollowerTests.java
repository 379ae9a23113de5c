package dev.baton.deployer.rollout.answer;

import java.time.Instant;

import org.junit.jupiter.api.Test;

import dev.baton.contracts.CommandId;
import dev.baton.contracts.Gate;
import dev.baton.contracts.InstanceId;
import dev.baton.contracts.Version;
import dev.baton.contracts.registry.InstanceSnapshot;
import dev.baton.contracts.registry.Lifecycle;
import dev.baton.contracts.nginx.SetPeerGate;
import dev.baton.deployer.fleet.DeployGates;
import dev.baton.deployer.fleet.KnownInstances;
import dev.baton.deployer.rollout.RolloutWorld;

import static org.assertj.core.api.Assertions.assertThat;

class RegistryFollowerTests {

	private final RolloutWorld world = new RolloutWorld();

	private final KnownInstances fleet = new KnownInstances();

	private final DeployGates gates = new DeployGates();

	private final RegistryFollower follower = new RegistryFollower(this.fleet, this.gates, this.world,
			new InstanceArrivals(this.fleet));

	@Test
	void removesTheDeployGateOfADeregisteredInstance() {
		SetPeerGate gate = new SetPeerGate(CommandId.of("c-1"), RolloutWorld.ORDERS, "127.0.0.1", 9001, Gate.DEPLOY,
				true, "deployer-service", "", Instant.now());
		this.gates.observe(gate.key(), gate);

		this.follower.onSnapshot(snapshot(Lifecycle.ONLINE, 1));
		this.follower.onSnapshot(snapshot(Lifecycle.DEREGISTERED, 2));

		assertThat(this.world.audits).contains("removed orders/127.0.0.1:9001/DEPLOY");
		assertThat(this.fleet.instancesOf(RolloutWorld.ORDERS)).isEmpty();
	}

	@Test
	void leavesAloneADeregisteredInstanceThatNeverHadADeployGate() {
		this.follower.onSnapshot(snapshot(Lifecycle.DEREGISTERED, 2));

		assertThat(this.world.audits).isEmpty();
	}

	@Test
	void ignoresAStaleSnapshot() {
		this.follower.onSnapshot(snapshot(Lifecycle.ONLINE, 5));
		this.follower.onSnapshot(snapshot(Lifecycle.DEREGISTERED, 4));

		assertThat(this.fleet.instancesOf(RolloutWorld.ORDERS)).hasSize(1);
		assertThat(this.world.audits).isEmpty();
	}

	private static InstanceSnapshot snapshot(Lifecycle lifecycle, long revision) {
		return new InstanceSnapshot(InstanceId.of("orders-1"), RolloutWorld.ORDERS, "127.0.0.1", 9001, Version.of("v1"),
				"/health", lifecycle, null, "", revision, Instant.now());
	}

}
