package dev.baton.demo.chaos;

import java.util.List;

import org.junit.jupiter.api.Test;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatIllegalArgumentException;

class FaultTests {

	@Test
	void theFullSuiteHitsEachServiceInEveryPhaseWhereItHasWorkThenTheBrokerAndNginxThenLosesTheNodeThenDoesItAllInSurgeDeploys() {
		assertThat(Fault.all()).containsExactly(new Fault(Target.DEPLOYER, Phase.DRAIN_WAIT),
				new Fault(Target.DEPLOYER, Phase.RESTART), new Fault(Target.DEPLOYER, Phase.VERIFY),
				new Fault(Target.DEPLOYER, Phase.ENABLE), new Fault(Target.NGINX_CONTROL, Phase.DRAIN_WAIT),
				new Fault(Target.NGINX_CONTROL, Phase.ENABLE), new Fault(Target.HEALTH, Phase.RESTART),
				new Fault(Target.HEALTH, Phase.VERIFY), new Fault(Target.REGISTRY, Phase.VERIFY),
				new Fault(Target.REGISTRY, Phase.ENABLE), new Fault(Target.BROKER, Phase.VERIFY),
				new Fault(Target.NGINX, Phase.DRAIN_WAIT), new Fault(Target.NODE_LOST, Phase.DRAIN_WAIT),
				new Fault(Target.DEPLOYER, Phase.START, true), new Fault(Target.DEPLOYER, Phase.VERIFY, true),
				new Fault(Target.DEPLOYER, Phase.ENABLE, true), new Fault(Target.DEPLOYER, Phase.DRAIN_WAIT, true),
				new Fault(Target.DEPLOYER, Phase.RETIRE, true), new Fault(Target.NGINX_CONTROL, Phase.DRAIN_WAIT, true),
				new Fault(Target.HEALTH, Phase.VERIFY, true), new Fault(Target.REGISTRY, Phase.ENABLE, true));
	}

	@Test
	void aFaultIsNamedOnTheCommandLineAsTargetAtPhase() {
		assertThat(Fault.parse("registry@enable")).isEqualTo(new Fault(Target.REGISTRY, Phase.ENABLE));
		assertThat(Fault.parse("nginx-control@drain-wait"))
			.isEqualTo(new Fault(Target.NGINX_CONTROL, Phase.DRAIN_WAIT));
		assertThat(Fault.parse("node-lost@drain-wait")).isEqualTo(new Fault(Target.NODE_LOST, Phase.DRAIN_WAIT));
		assertThat(Fault.parse("deployer@surge-start")).isEqualTo(new Fault(Target.DEPLOYER, Phase.START, true));
		assertThat(Fault.parse("deployer@surge-start").phaseLabel()).isEqualTo("surge start");
		assertThatIllegalArgumentException().isThrownBy(() -> Fault.parse("registry@drain-wait"))
			.withMessageStartingWith("no fault registry@drain-wait; the faults are deployer@drain-wait, ");
	}

	@Test
	void onlyTheLostNodeFailsTheDeploy() {
		assertThat(Fault.all().stream().filter(Fault::failsTheDeploy).map(Fault::target))
			.containsExactly(Target.NODE_LOST);
	}

	@Test
	void theShortSuiteHitsEachServiceOnceAndPausesTheBrokerThenKillsTheDeployerWhileASurgeDeployStarts() {
		List<Target> targets = Fault.quick().stream().map(Fault::target).toList();
		assertThat(targets).containsExactly(Target.DEPLOYER, Target.NGINX_CONTROL, Target.HEALTH, Target.REGISTRY,
				Target.BROKER, Target.DEPLOYER);
		assertThat(Fault.quick()).last().isEqualTo(new Fault(Target.DEPLOYER, Phase.START, true));
		assertThat(Fault.all()).containsAll(Fault.quick());
	}

	@Test
	void onlyNginxKilledMayLoseRequests() {
		assertThat(Fault.all().stream().filter(Fault::losesRequestsByNature).map(Fault::target))
			.containsExactly(Target.NGINX);
	}

}
