package dev.baton.demo.chaos;

import java.time.Duration;
import java.util.List;

import org.junit.jupiter.api.Test;

import static org.assertj.core.api.Assertions.assertThat;

class VerdictTests {

	private static final Duration UNDISTURBED = Duration.ofSeconds(9);

	private static final Fault DEPLOYER_VERIFY = new Fault(FaultTarget.DEPLOYER, Phase.VERIFY);

	private static final Fault NGINX = new Fault(FaultTarget.NGINX, Phase.DRAIN_WAIT);

	@Test
	void aServiceKillPassesWhenTheDeploySucceedsInTimeLosingNothingWithEveryGateOpen() {
		assertThat(
				Verdict.of(result(DEPLOYER_VERIFY, Outcome.SUCCEEDED, 24_000, 0, 0, List.of(), List.of()), UNDISTURBED))
			.isEqualTo(new Verdict(true, List.of()));
	}

	@Test
	void aKilledServicesAbsenceUntilItIsBackAtWorkIsAllowedOnTopOfTheSlack() {
		FaultResult slowStart = new FaultResult(DEPLOYER_VERIFY, "d-1", "v2", Outcome.SUCCEEDED, "",
				Duration.ofSeconds(33), 0, 0, List.of(), List.of(), List.of(), List.of(), null, "in phase", "",
				Duration.ofSeconds(10));
		FaultResult stalled = new FaultResult(DEPLOYER_VERIFY, "d-1", "v2", Outcome.SUCCEEDED, "",
				Duration.ofSeconds(35), 0, 0, List.of(), List.of(), List.of(), List.of(), null, "in phase", "",
				Duration.ofSeconds(10));
		assertThat(Verdict.of(slowStart, UNDISTURBED).pass()).isTrue();
		assertThat(Verdict.of(stalled, UNDISTURBED).failures())
			.containsExactly("took 35.0 s, more than 15 s and the service's 10.0 s away over the undisturbed 9.0 s");
	}

	@Test
	void aServiceKillFailsOnEachBrokenRuleNamingIt() {
		Verdict verdict = Verdict.of(result(DEPLOYER_VERIFY, Outcome.FAILED, 24_001, 0, 1,
				List.of("orders/127.0.0.1:9001/DEPLOY"), List.of("orders-2")), UNDISTURBED);
		assertThat(verdict.pass()).isFalse();
		assertThat(verdict.failures()).containsExactly("ended DeployFailed: no verdict",
				"took 24.0 s, more than 15 s over the undisturbed 9.0 s", "1 failed requests (GET 0, POST 1)",
				"InstanceDrained with no node: orders-2", "gates closed at the end: orders/127.0.0.1:9001/DEPLOY");
	}

	@Test
	void theBrokerPauseIsAllowedItsOwnLengthOnTopOfTheSlack() {
		Fault pause = new Fault(FaultTarget.BROKER, Phase.VERIFY);
		assertThat(Verdict.of(result(pause, Outcome.SUCCEEDED, 44_000, 0, 0, List.of(), List.of()), UNDISTURBED).pass())
			.isTrue();
		assertThat(Verdict.of(result(pause, Outcome.SUCCEEDED, 44_001, 0, 0, List.of(), List.of()), UNDISTURBED)
			.failures()).containsExactly("took 44.0 s, more than 35 s over the undisturbed 9.0 s");
	}

	@Test
	void aDeployThatNeverEndedFailsAServiceKill() {
		assertThat(
				Verdict.of(result(DEPLOYER_VERIFY, Outcome.NO_VERDICT, 90_000, 0, 0, List.of(), List.of()), UNDISTURBED)
					.failures())
			.contains("ended no verdict: no verdict");
	}

	@Test
	void withoutAnUndisturbedDeployNoFaultCanPass() {
		assertThat(Verdict.of(result(DEPLOYER_VERIFY, Outcome.SUCCEEDED, 9_000, 0, 0, List.of(), List.of()), null)
			.failures()).containsExactly("no undisturbed deploy to compare with");
	}

	@Test
	void nginxKilledPassesWhenTheDeployEndsWithEveryGateOpenWhateverItLost() {
		assertThat(
				Verdict.of(result(NGINX, Outcome.FAILED, 60_000, 120, 40, List.of(), List.of("orders-1")), UNDISTURBED)
					.pass())
			.isTrue();
		assertThat(Verdict.of(result(NGINX, Outcome.NO_VERDICT, 90_000, 0, 0, List.of(), List.of()), UNDISTURBED)
			.failures()).containsExactly("the deploy did not end");
		assertThat(Verdict
			.of(result(NGINX, Outcome.SUCCEEDED, 9_000, 0, 0, List.of("orders/127.0.0.1:9001/DEPLOY"), List.of()),
					UNDISTURBED)
			.failures()).containsExactly("gates closed at the end: orders/127.0.0.1:9001/DEPLOY");
	}

	@Test
	void aLostNodePassesWhenTheDeployFailsForItsUnconfirmedDrainRestartingNothingAndLosingNothing() {
		Fault lost = new Fault(FaultTarget.NODE_LOST, Phase.DRAIN_WAIT);
		String unconfirmed = "orders-1 was not confirmed drained by nginx node(s) [edge-1] within PT30S";
		assertThat(Verdict.of(lost(unconfirmed, 0, List.of(), List.of()), UNDISTURBED).pass()).isTrue();
		assertThat(Verdict
			.of(lost(unconfirmed, 2, List.of("orders-1"), List.of("orders/127.0.0.1:9001/DEPLOY")), UNDISTURBED)
			.failures()).containsExactly("restarted orders-1", "2 failed requests (GET 2, POST 0)",
					"gates closed at the end: orders/127.0.0.1:9001/DEPLOY");
		assertThat(
				Verdict.of(result(lost, Outcome.SUCCEEDED, 20_000, 0, 0, List.of(), List.of()), UNDISTURBED).failures())
			.containsExactly("ended DeploySucceeded, not failed for a drain no node confirmed");
	}

	@Test
	void aSurgeDeployAlsoFailsWhenItRestartedAnOldInstanceInPlaceOrNginxHadFewerPeersUpThanBefore() {
		Fault surge = new Fault(FaultTarget.DEPLOYER, Phase.START, true);
		FaultResult kept = new FaultResult(surge, "d-1", "v2", Outcome.SUCCEEDED, "", Duration.ofSeconds(12), 0, 0,
				List.of(), List.of(), List.of("orders-9004", "orders-9005"), List.of(), new FaultResult.Capacity(2, 2),
				"in phase", "", Duration.ZERO);
		FaultResult dipped = new FaultResult(surge, "d-1", "v2", Outcome.SUCCEEDED, "", Duration.ofSeconds(12), 0, 0,
				List.of(), List.of(), List.of("orders-1"), List.of("orders-1"), new FaultResult.Capacity(2, 1),
				"in phase", "", Duration.ZERO);
		assertThat(Verdict.of(kept, UNDISTURBED).pass()).isTrue();
		assertThat(Verdict.of(dipped, UNDISTURBED).failures())
			.containsExactly("a surge deploy restarted orders-1 in place", "only 1 up in nginx at a sample, 2 before");
	}

	private static FaultResult lost(String reason, long failedGet, List<String> restarted, List<String> closedGates) {
		return new FaultResult(new Fault(FaultTarget.NODE_LOST, Phase.DRAIN_WAIT), "d-1", "v2", Outcome.FAILED, reason,
				Duration.ofSeconds(35), failedGet, 0, closedGates, List.of(), restarted, List.of(), null, "in phase",
				"", Duration.ZERO);
	}

	static FaultResult result(Fault fault, Outcome outcome, long millis, long failedGet, long failedPost,
			List<String> closedGates, List<String> undrained) {
		return new FaultResult(fault, "d-1", "v2", outcome, (outcome == Outcome.SUCCEEDED) ? "" : "no verdict",
				Duration.ofMillis(millis), failedGet, failedPost, closedGates, undrained, List.of(), List.of(), null,
				"in phase", "", Duration.ZERO);
	}

}
