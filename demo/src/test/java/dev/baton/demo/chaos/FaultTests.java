package dev.baton.demo.chaos;

import java.time.Duration;
import java.util.List;

import org.junit.jupiter.api.Test;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatIllegalArgumentException;

class FaultTests {

	@Test
	void theFullSuiteHitsEachServiceInEveryPhaseWhereItHasWorkThenTheBrokerAndNginxThenLosesTheNodeThenDoesItAllInSurgeDeploysThenSkewsTheClocks() {
		assertThat(Fault.all().subList(0, Fault.all().size() - Fault.clocks().size())).containsExactly(
				new Fault(FaultTarget.DEPLOYER, Phase.DRAIN_WAIT), new Fault(FaultTarget.DEPLOYER, Phase.RESTART),
				new Fault(FaultTarget.DEPLOYER, Phase.VERIFY), new Fault(FaultTarget.DEPLOYER, Phase.ENABLE),
				new Fault(FaultTarget.NGINX_CONTROL, Phase.DRAIN_WAIT),
				new Fault(FaultTarget.NGINX_CONTROL, Phase.ENABLE), new Fault(FaultTarget.HEALTH, Phase.RESTART),
				new Fault(FaultTarget.HEALTH, Phase.VERIFY), new Fault(FaultTarget.REGISTRY, Phase.VERIFY),
				new Fault(FaultTarget.REGISTRY, Phase.ENABLE), new Fault(FaultTarget.BROKER, Phase.VERIFY),
				new Fault(FaultTarget.NGINX, Phase.DRAIN_WAIT), new Fault(FaultTarget.NODE_LOST, Phase.DRAIN_WAIT),
				new Fault(FaultTarget.DEPLOYER, Phase.START, true), new Fault(FaultTarget.DEPLOYER, Phase.VERIFY, true),
				new Fault(FaultTarget.DEPLOYER, Phase.ENABLE, true),
				new Fault(FaultTarget.DEPLOYER, Phase.DRAIN_WAIT, true),
				new Fault(FaultTarget.DEPLOYER, Phase.RETIRE, true),
				new Fault(FaultTarget.NGINX_CONTROL, Phase.DRAIN_WAIT, true),
				new Fault(FaultTarget.HEALTH, Phase.VERIFY, true), new Fault(FaultTarget.REGISTRY, Phase.ENABLE, true));
		assertThat(Fault.all()).endsWith(Fault.clocks().toArray(Fault[]::new));
	}

	@Test
	void theClockFaultsRestartEachServiceFiveMinutesAheadThenFiveMinutesBehind() {
		assertThat(Fault.clocks()).extracting(Fault::name)
			.containsExactly("deployer@verify+5m", "deployer@verify-5m", "registry@enable+5m", "registry@enable-5m",
					"health@restart+5m", "health@restart-5m", "nginx-control@drain-wait+5m",
					"nginx-control@drain-wait-5m");
		Fault behind = Fault.parse("registry@enable-5m");
		assertThat(behind.clockOffset()).isEqualTo(Duration.ofMinutes(-5));
		assertThat(behind.action()).isEqualTo("kill -9 registry-service, started again with its clock 5m behind");
		assertThat(Fault.parse("registry@enable").isSkewed()).isFalse();
		assertThat(Fault.parse("deployer@verify+5m").idPart()).isEqualTo("deployer-verify.ahead-5m");
		assertThat(Fault.parse("deployer@surge-start").idPart()).isEqualTo("deployer-surge-start");
	}

	@Test
	void aFaultIsNamedOnTheCommandLineAsTargetAtPhase() {
		assertThat(Fault.parse("registry@enable")).isEqualTo(new Fault(FaultTarget.REGISTRY, Phase.ENABLE));
		assertThat(Fault.parse("nginx-control@drain-wait"))
			.isEqualTo(new Fault(FaultTarget.NGINX_CONTROL, Phase.DRAIN_WAIT));
		assertThat(Fault.parse("node-lost@drain-wait")).isEqualTo(new Fault(FaultTarget.NODE_LOST, Phase.DRAIN_WAIT));
		assertThat(Fault.parse("deployer@surge-start")).isEqualTo(new Fault(FaultTarget.DEPLOYER, Phase.START, true));
		assertThat(Fault.parse("deployer@surge-start").phaseLabel()).isEqualTo("surge start");
		assertThatIllegalArgumentException().isThrownBy(() -> Fault.parse("registry@drain-wait"))
			.withMessageStartingWith("no fault registry@drain-wait; the faults are deployer@drain-wait, ");
	}

	@Test
	void onlyTheLostNodeFailsTheDeploy() {
		assertThat(Fault.all().stream().filter(Fault::failsTheDeploy).map(Fault::target))
			.containsExactly(FaultTarget.NODE_LOST);
	}

	@Test
	void theShortSuiteHitsEachServiceOnceAndPausesTheBrokerThenKillsTheDeployerWhileASurgeDeployStarts() {
		List<FaultTarget> targets = Fault.quick().stream().map(Fault::target).toList();
		assertThat(targets).containsExactly(FaultTarget.DEPLOYER, FaultTarget.NGINX_CONTROL, FaultTarget.HEALTH,
				FaultTarget.REGISTRY, FaultTarget.BROKER, FaultTarget.DEPLOYER);
		assertThat(Fault.quick()).last().isEqualTo(new Fault(FaultTarget.DEPLOYER, Phase.START, true));
		assertThat(Fault.all()).containsAll(Fault.quick());
	}

	@Test
	void onlyNginxKilledMayLoseRequests() {
		assertThat(Fault.all().stream().filter(Fault::losesRequestsByNature).map(Fault::target))
			.containsExactly(FaultTarget.NGINX);
	}

}
