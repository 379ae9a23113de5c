package dev.baton.health.recovery;

import java.time.Instant;
import java.util.List;

import org.junit.jupiter.api.Test;

import dev.baton.contracts.DeployId;
import dev.baton.contracts.InstanceId;
import dev.baton.contracts.ServiceName;
import dev.baton.contracts.StepId;
import dev.baton.contracts.Version;
import dev.baton.contracts.deploy.DeployFailed;
import dev.baton.contracts.deploy.DeployPhase;
import dev.baton.contracts.deploy.DeployRollingBack;
import dev.baton.contracts.deploy.DeployStarted;
import dev.baton.contracts.deploy.DeployStep;
import dev.baton.contracts.deploy.DeploySucceeded;
import dev.baton.contracts.deploy.InstanceRestartStarted;
import dev.baton.contracts.deploy.InstanceRestarted;
import dev.baton.contracts.deploy.InstanceVerified;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatIllegalArgumentException;

class OwedRestartsTests {

	private static final ServiceName ORDERS = ServiceName.of("orders");

	private static final Instant AT = Instant.parse("2026-12-01T02:00:00Z");

	@Test
	void aRestartStillUnderwayIsOwedWithItsBeginningOnly() {
		InstanceRestartStarted started = started("d1", "orders-1", "s1");
		assertThat(owed(started)).containsExactly(new OwedRestart(started, null));
	}

	@Test
	void aRestartTheRuntimeEndedIsOwedWithItsEnd() {
		InstanceRestartStarted started = started("d1", "orders-1", "s1");
		InstanceRestarted restarted = restarted("d1", "orders-1", "s1");
		assertThat(owed(started, restarted)).containsExactly(new OwedRestart(started, restarted));
	}

	@Test
	void aRestartWhoseBeginningLiesBeforeTheWindowIsOwedFromItsEnd() {
		InstanceRestarted restarted = restarted("d1", "orders-1", "s1");
		assertThat(owed(restarted)).containsExactly(new OwedRestart(null, restarted));
	}

	@Test
	void aVerifiedRestartIsNotOwed() {
		assertThat(owed(started("d1", "orders-1", "s1"), restarted("d1", "orders-1", "s1"),
				verified("d1", "orders-1", "s1")))
			.isEmpty();
	}

	@Test
	void aVerifiedRestartPublishedAgainByAResumedDeployerStaysSettled() {
		assertThat(owed(started("d1", "orders-1", "s1"), restarted("d1", "orders-1", "s1"),
				verified("d1", "orders-1", "s1"), restarted("d1", "orders-1", "s1")))
			.isEmpty();
	}

	@Test
	void restartsOfADeployThatEndedOrBeganToRollBackAreNotOwed() {
		assertThat(owed(started("d1", "orders-1", "s1"),
				new DeploySucceeded(DeployId.of("d1"), ORDERS, Version.of("v2"), 10, AT)))
			.isEmpty();
		assertThat(owed(restarted("d1", "orders-1", "s1"),
				new DeployFailed(DeployId.of("d1"), ORDERS, Version.of("v2"), "no", List.of(), 10, AT, List.of())))
			.isEmpty();
		assertThat(owed(restarted("d1", "orders-1", "s1"),
				new DeployRollingBack(DeployId.of("d1"), ORDERS, Version.of("v2"), "unhealthy", AT)))
			.isEmpty();
	}

	@Test
	void aRollbackRestartAfterTheDeployBeganToRollBackIsOwed() {
		InstanceRestartStarted rollback = started("d1", "orders-1", "s2");
		assertThat(owed(started("d1", "orders-1", "s1"), restarted("d1", "orders-1", "s1"),
				new DeployRollingBack(DeployId.of("d1"), ORDERS, Version.of("v2"), "unhealthy", AT), rollback))
			.containsExactly(new OwedRestart(rollback, null));
	}

	@Test
	void aNewerRestartOfTheSameInstanceReplacesTheOlderOne() {
		InstanceRestarted newer = restarted("d2", "orders-1", "s2");
		assertThat(owed(started("d1", "orders-1", "s1"), newer)).containsExactly(new OwedRestart(null, newer));
	}

	@Test
	void restartsOfOtherInstancesAndOtherDeploysStayOwed() {
		InstanceRestarted first = restarted("d1", "orders-1", "s1");
		InstanceRestartStarted second = started("d1", "orders-2", "s2");
		InstanceRestarted other = restarted("d2", "payments-1", "s3");
		assertThat(owed(first, second, other, verified("d9", "orders-3", "s9"),
				new DeploySucceeded(DeployId.of("d3"), ORDERS, Version.of("v2"), 10, AT)))
			.containsExactly(new OwedRestart(null, first), new OwedRestart(second, null), new OwedRestart(null, other));
	}

	@Test
	void stepsThatAreNotRestartsChangeNothing() {
		assertThat(owed(new DeployStarted(DeployId.of("d1"), ORDERS, Version.of("v2"), null, null, "ci", AT)))
			.isEmpty();
	}

	@Test
	void anOwedRestartNeedsItsBeginningOrItsEndOfTheSameStep() {
		assertThatIllegalArgumentException().isThrownBy(() -> new OwedRestart(null, null));
		assertThatIllegalArgumentException()
			.isThrownBy(() -> new OwedRestart(started("d1", "orders-1", "s1"), restarted("d1", "orders-1", "s2")));
	}

	private static List<OwedRestart> owed(DeployStep... steps) {
		OwedRestarts owed = new OwedRestarts();
		for (DeployStep step : steps) {
			owed.add(step);
		}
		return owed.owed();
	}

	private static InstanceRestartStarted started(String deploy, String instance, String step) {
		return new InstanceRestartStarted(DeployId.of(deploy), ORDERS, InstanceId.of(instance), "127.0.0.1", 8080,
				DeployPhase.ROLLOUT, StepId.of(step), Version.of("v2"), 20_000, AT);
	}

	private static InstanceRestarted restarted(String deploy, String instance, String step) {
		return new InstanceRestarted(DeployId.of(deploy), ORDERS, InstanceId.of(instance), "127.0.0.1", 8080,
				DeployPhase.ROLLOUT, StepId.of(step), Version.of("v2"), 0, "", 20_000, AT);
	}

	private static InstanceVerified verified(String deploy, String instance, String step) {
		return new InstanceVerified(DeployId.of(deploy), ORDERS, InstanceId.of(instance), DeployPhase.ROLLOUT,
				StepId.of(step), Version.of("v2"), AT);
	}

}
