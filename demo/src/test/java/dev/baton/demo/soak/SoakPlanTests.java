package dev.baton.demo.soak;

import java.util.EnumSet;
import java.util.List;
import java.util.Set;
import java.util.stream.Collectors;

import org.junit.jupiter.api.Test;

import static org.assertj.core.api.Assertions.assertThat;

class SoakPlanTests {

	@Test
	void theSameSeedDrawsTheSameSoakAndAnotherSeedAnother() {
		assertThat(SoakPlan.draw(42, 30)).isEqualTo(SoakPlan.draw(42, 30));
		assertThat(SoakPlan.draw(42, 30)).isNotEqualTo(SoakPlan.draw(43, 30));
	}

	@Test
	void aHundredDeploysDrawEveryKindAndEveryFaultWithinTheirBounds() {
		List<PlannedDeploy> plan = SoakPlan.draw(1, 100);

		assertThat(plan.stream().map(PlannedDeploy::kind).collect(Collectors.toSet()))
			.isEqualTo(EnumSet.allOf(DeployKind.class));
		Set<FaultKind> faults = plan.stream().map((deploy) -> deploy.fault().kind()).collect(Collectors.toSet());
		assertThat(faults).isEqualTo(EnumSet.allOf(FaultKind.class));
		assertThat(plan).allSatisfy((deploy) -> {
			assertThat(deploy.faultAfter()).isBetween(java.time.Duration.ZERO, SoakPlan.LATEST_FAULT);
			SoakFault fault = deploy.fault();
			switch (fault.kind()) {
				case FREEZE_SERVICE -> assertThat(fault.hold().toSeconds()).isBetween(5L, 20L);
				case PAUSE_BROKER -> assertThat(fault.hold().toSeconds()).isBetween(5L, 30L);
				case KILL_SERVICE -> assertThat(SoakPlan.SERVICES).contains(fault.target());
				case DUPLICATE_COMMAND -> assertThat(SoakPlan.COMMAND_TOPICS).contains(fault.target());
				default -> assertThat(fault.hold()).isZero();
			}
		});
	}

	@Test
	void theFirstDeployIsNeverARollbackForThereIsNothingToRollBackTo() {
		for (long seed = 0; seed < 200; seed++) {
			assertThat(SoakPlan.draw(seed, 1).get(0).kind()).isNotEqualTo(DeployKind.ROLLBACK);
		}
	}

	@Test
	void eachKindAsksForWhatItSays() {
		assertThat(DeployKind.ROLLING.command("orders", "d1", "v1", false)).containsSequence("deploy", "orders", "v2")
			.containsSequence("--strategy", "rolling");
		assertThat(DeployKind.CANARY.command("orders", "d1", "v2", false)).containsSequence("deploy", "orders", "v1")
			.contains("--canary");
		assertThat(DeployKind.BROKEN.command("orders", "d1", "v2", true)).containsSequence("orders", "v3-broken")
			.containsSequence("--strategy", "surge");
		assertThat(DeployKind.ROLLBACK.command("orders", "d1", "v2", false)).startsWith("rollback", "orders");
	}

}
