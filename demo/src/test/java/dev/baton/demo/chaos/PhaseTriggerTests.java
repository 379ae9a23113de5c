package dev.baton.demo.chaos;

import java.time.Duration;
import java.time.Instant;

import org.junit.jupiter.api.Test;

import static org.assertj.core.api.Assertions.assertThat;

class PhaseTriggerTests {

	private static final Instant REQUESTED = Instant.parse("2026-12-01T03:00:00Z");

	private static final Instant LATER = REQUESTED.plusSeconds(1);

	@Test
	void drainWaitFiresOnTheDeployGateClosingNotOnItsReopening() {
		PhaseTrigger trigger = new PhaseTrigger(Phase.DRAIN_WAIT, Steps.DEPLOY, "orders", REQUESTED);
		assertThat(trigger.firesOn(PhaseTrigger.COMMANDS, Steps.gate("DEPLOY", true, LATER))).isFalse();
		assertThat(trigger.firesOn(PhaseTrigger.COMMANDS, Steps.gate("HEALTH", false, LATER))).isFalse();
		assertThat(trigger.firesOn(PhaseTrigger.COMMANDS, Steps.gate("DEPLOY", false, LATER))).isTrue();
		assertThat(trigger.instance()).isEqualTo("127.0.0.1:9001");
	}

	@Test
	void drainWaitFiresOnTheGateThisDeployClosesWhateverTheDeployersClockStampedOnIt() {
		PhaseTrigger trigger = new PhaseTrigger(Phase.DRAIN_WAIT, Steps.DEPLOY, "orders", REQUESTED);
		Instant behind = REQUESTED.minus(Duration.ofMinutes(5));
		assertThat(trigger.firesOn(PhaseTrigger.COMMANDS,
				Steps.gate("DEPLOY", false, LATER, "ROLLOUT of an-earlier-deploy: draining for a restart")))
			.isFalse();
		assertThat(trigger.firesOn(PhaseTrigger.COMMANDS,
				Steps.gate("DEPLOY", false, behind, "ROLLOUT of " + Steps.DEPLOY + ": draining for a restart")))
			.isTrue();
	}

	@Test
	void drainWaitIgnoresAGateClosedBeforeTheDeployWasRequested() {
		PhaseTrigger trigger = new PhaseTrigger(Phase.DRAIN_WAIT, Steps.DEPLOY, "orders", REQUESTED);
		assertThat(trigger.firesOn(PhaseTrigger.COMMANDS, Steps.gate("DEPLOY", false, REQUESTED.minusMillis(1))))
			.isFalse();
	}

	@Test
	void restartFiresOnTheFirstInstanceRestartStartedOfTheRolloutOnly() {
		PhaseTrigger trigger = new PhaseTrigger(Phase.RESTART, Steps.DEPLOY, "orders", REQUESTED);
		assertThat(trigger.firesOn(PhaseTrigger.STEPS, Steps.step("InstanceDrained", "orders-1", "ROLLOUT", LATER)))
			.isFalse();
		assertThat(
				trigger.firesOn(PhaseTrigger.STEPS, Steps.step("InstanceRestartStarted", "orders-1", "ROLLOUT", LATER)))
			.isTrue();
		assertThat(
				trigger.firesOn(PhaseTrigger.STEPS, Steps.step("InstanceRestartStarted", "orders-2", "ROLLOUT", LATER)))
			.isFalse();
		assertThat(trigger.instance()).isEqualTo("orders-1");
	}

	@Test
	void verifyAndEnableFireOnTheStepsThatStartThem() {
		PhaseTrigger verify = new PhaseTrigger(Phase.VERIFY, Steps.DEPLOY, "orders", REQUESTED);
		PhaseTrigger enable = new PhaseTrigger(Phase.ENABLE, Steps.DEPLOY, "orders", REQUESTED);
		assertThat(verify.firesOn(PhaseTrigger.STEPS, Steps.step("InstanceRestarted", "orders-1", "ROLLOUT", LATER)))
			.isTrue();
		assertThat(enable.firesOn(PhaseTrigger.STEPS, Steps.step("InstanceRestarted", "orders-1", "ROLLOUT", LATER)))
			.isFalse();
		assertThat(enable.firesOn(PhaseTrigger.STEPS, Steps.step("InstanceVerified", "orders-1", "ROLLOUT", LATER)))
			.isTrue();
	}

	@Test
	void aSurgeDeploysStartAndRetirementFireOnItsFirstLaunchAndReplacement() {
		PhaseTrigger start = new PhaseTrigger(Phase.START, Steps.DEPLOY, "orders", REQUESTED);
		PhaseTrigger retire = new PhaseTrigger(Phase.RETIRE, Steps.DEPLOY, "orders", REQUESTED);
		assertThat(start.firesOn(PhaseTrigger.STEPS, Steps.step("DeployStarted", null, null, LATER))).isFalse();
		assertThat(start.firesOn(PhaseTrigger.STEPS, Steps.step("InstanceLaunched", null, null, LATER))).isTrue();
		assertThat(retire.firesOn(PhaseTrigger.STEPS, Steps.step("InstanceReplaced", "orders-1", null, LATER)))
			.isTrue();
	}

	@Test
	void ignoresRollbackStepsAndOtherDeploysAndTombstones() {
		PhaseTrigger trigger = new PhaseTrigger(Phase.VERIFY, "other", "orders", REQUESTED);
		assertThat(trigger.firesOn(PhaseTrigger.STEPS, Steps.step("InstanceRestarted", "orders-1", "ROLLOUT", LATER)))
			.isFalse();
		PhaseTrigger ours = new PhaseTrigger(Phase.VERIFY, Steps.DEPLOY, "orders", REQUESTED);
		assertThat(ours.firesOn(PhaseTrigger.STEPS, Steps.step("InstanceRestarted", "orders-1", "ROLLBACK", LATER)))
			.isFalse();
		assertThat(ours.firesOn(PhaseTrigger.COMMANDS, null)).isFalse();
		assertThat(ours.instance()).isNull();
	}

}
