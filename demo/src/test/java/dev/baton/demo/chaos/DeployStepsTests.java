package dev.baton.demo.chaos;

import java.time.Instant;
import java.util.List;

import org.junit.jupiter.api.Test;
import tools.jackson.databind.node.ObjectNode;

import static org.assertj.core.api.Assertions.assertThat;

class DeployStepsTests {

	private static final Instant T0 = Instant.parse("2026-12-01T03:00:00Z");

	@Test
	void readsTheVerdictAndItsReason() {
		ObjectNode failed = (ObjectNode) Steps.step("DeployFailed", null, null, T0.plusSeconds(30));
		failed.put("reason", "no verdict for orders-1 within 60s");
		DeploySteps steps = new DeploySteps(List.of(Steps.step("DeployStarted", null, null, T0), failed));
		assertThat(steps.outcome()).isEqualTo(Outcome.FAILED);
		assertThat(steps.reason()).isEqualTo("no verdict for orders-1 within 60s");
		assertThat(new DeploySteps(List.of(Steps.step("DeployStarted", null, null, T0))).outcome())
			.isEqualTo(Outcome.NO_VERDICT);
	}

	@Test
	void namesEveryDrainThatNoNodeConfirmed() {
		ObjectNode confirmed = (ObjectNode) Steps.step("InstanceDrained", "orders-1", "ROLLOUT", T0);
		confirmed.putArray("nodes").add("edge-1");
		ObjectNode silent = (ObjectNode) Steps.step("InstanceDrained", "orders-2", "ROLLOUT", T0);
		silent.putArray("nodes");
		ObjectNode rollback = (ObjectNode) Steps.step("InstanceDrained", "orders-1", "ROLLBACK", T0);
		assertThat(new DeploySteps(List.of(confirmed, silent, rollback)).undrained()).containsExactly("orders-2",
				"orders-1 (rollback)");
	}

	@Test
	void namesTheDeploysOwnInstancesItRestartedNotTheNewOnesASurgeDeployStarted() {
		ObjectNode started = (ObjectNode) Steps.step("DeployStarted", null, null, T0);
		started.putArray("batches").addArray().add("orders-1").add("orders-2");
		DeploySteps steps = new DeploySteps(
				List.of(started, Steps.step("InstanceRestartStarted", "orders-9004", "ROLLOUT", T0),
						Steps.step("InstanceRestartStarted", "orders-2", "ROLLOUT", T0)));
		assertThat(steps.restarted()).containsExactly("orders-9004", "orders-2");
		assertThat(steps.restartedInPlace()).containsExactly("orders-2");
	}

	@Test
	void aSurgeDeploysRetirementEndsAtItsVerdict() {
		DeploySteps steps = new DeploySteps(List.of(Steps.step("DeploySucceeded", null, null, T0.plusMillis(500))));
		assertThat(steps.landed(Phase.RETIRE, T0)).isEqualTo("in phase, 500 ms before DeploySucceeded");
	}

	@Test
	void saysWhetherAFaultLandedBeforeThePhaseEnded() {
		DeploySteps steps = new DeploySteps(List.of(Steps.step("InstanceVerified", "orders-1", "ROLLBACK", T0),
				Steps.step("InstanceVerified", "orders-1", "ROLLOUT", T0.plusMillis(300))));
		assertThat(steps.landed(Phase.VERIFY, T0)).isEqualTo("in phase, 300 ms before InstanceVerified");
		assertThat(steps.landed(Phase.VERIFY, T0.plusMillis(340)))
			.isEqualTo("late: InstanceVerified came 40 ms before");
		assertThat(steps.landed(Phase.ENABLE, T0)).isEqualTo("in phase (InstanceEnabled never came)");
		assertThat(steps.landed(Phase.ENABLE, null)).isEqualTo("never fired: the phase never started");
	}

	@Test
	void aDeployRunsFromItsStartToItsVerdict() {
		ObjectNode other = (ObjectNode) Steps.step("DeployStarted", null, null, T0);
		other.put("deployId", "d-2");
		assertThat(DeploySteps.unfinished(List.of(Steps.step("DeployStarted", null, null, T0), other,
				Steps.step("DeploySucceeded", null, null, T0))))
			.containsExactly("d-2");
	}

}
