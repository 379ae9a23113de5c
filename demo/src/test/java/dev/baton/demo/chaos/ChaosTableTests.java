package dev.baton.demo.chaos;

import java.time.Duration;
import java.util.List;

import org.junit.jupiter.api.Test;

import static org.assertj.core.api.Assertions.assertThat;

class ChaosTableTests {

	@Test
	void rendersOneRowPerDeployAgainstTheUndisturbedOneThenWhyEachFailed() {
		FaultResult undisturbed = new FaultResult(null, "d-0", "v2", Outcome.SUCCEEDED, "", Duration.ofMillis(9_000), 0,
				0, List.of(), List.of(), List.of(), List.of(), null, "—", "stack whole 0.1 s after the deploy",
				Duration.ZERO);
		FaultResult passed = VerdictTests.result(new Fault(FaultTarget.HEALTH, Phase.RESTART), Outcome.SUCCEEDED,
				11_400, 0, 0, List.of(), List.of());
		FaultResult failed = VerdictTests.result(new Fault(FaultTarget.NGINX_CONTROL, Phase.DRAIN_WAIT), Outcome.FAILED,
				8_000, 3, 1, List.of("orders/127.0.0.1:9002/DEPLOY"), List.of("orders-2"));
		String table = ChaosTable.render(undisturbed, List.of(passed, failed));
		assertThat(table.lines().toList()).startsWith(
				"| fault | phase | fault landed | deploy outcome | duration | vs undisturbed | failed GET | failed POST "
						+ "| gates at the end | InstanceDrained with no node | verdict |",
				"|---|---|---|---|---:|---:|---:|---:|---|---|---|",
				"| none (undisturbed deploy) | — | — | DeploySucceeded | 9.0 s | — | 0 | 0 | all open | none | PASS |",
				"| kill -9 health-service | restart | in phase | DeploySucceeded | 11.4 s | +2.4 s | 0 | 0 | all open "
						+ "| none | PASS |",
				"| kill -9 nginx-control-service | drain wait | in phase | DeployFailed: no verdict | 8.0 s | −1.0 s "
						+ "| 3 | 1 | closed: orders/127.0.0.1:9002/DEPLOY | orders-2 | FAIL |");
		assertThat(table).contains("- kill -9 nginx-control-service during drain wait (d-1): FAIL: ended DeployFailed: "
				+ "no verdict; 4 failed requests (GET 3, POST 1); InstanceDrained with no node: orders-2; "
				+ "gates closed at the end: orders/127.0.0.1:9002/DEPLOY.");
	}

	@Test
	void aDeployWithNoVerdictShowsItsBoundAsALowerLimitAndACellCannotBreakTheTable() {
		FaultResult undisturbed = new FaultResult(null, "d-0", "v2", Outcome.SUCCEEDED, "", Duration.ofMillis(9_000), 0,
				0, List.of(), List.of(), List.of(), List.of(), null, "—", "", Duration.ZERO);
		FaultResult timedOut = new FaultResult(new Fault(FaultTarget.BROKER, Phase.VERIFY), "d-1", "v1", Outcome.FAILED,
				"a | b", Duration.ofSeconds(90), 0, 0, List.of(), List.of(), List.of(), List.of(), null, "in phase", "",
				Duration.ZERO);
		FaultResult noVerdict = new FaultResult(new Fault(FaultTarget.DEPLOYER, Phase.ENABLE), "d-2", "v1",
				Outcome.NO_VERDICT, "", Duration.ofSeconds(90), 0, 0, List.of(), List.of(), List.of(), List.of(), null,
				"in phase", "", Duration.ZERO);
		String table = ChaosTable.render(undisturbed, List.of(timedOut, noVerdict));
		assertThat(table).contains("| SIGSTOP broker 20 s | verify | in phase | DeployFailed: a \\| b | 90.0 s |");
		assertThat(table).contains("| no verdict | > 90.0 s | > +81.0 s |");
	}

}
