package dev.baton.demo.chaos;

import java.util.List;

import org.junit.jupiter.api.Test;

import static org.assertj.core.api.Assertions.assertThat;

class FaultTests {

	@Test
	void theFullSuiteHitsEachServiceInEveryPhaseWhereItHasWorkThenTheBrokerAndNginx() {
		assertThat(Fault.all()).containsExactly(new Fault(Target.DEPLOYER, Phase.DRAIN_WAIT),
				new Fault(Target.DEPLOYER, Phase.RESTART), new Fault(Target.DEPLOYER, Phase.VERIFY),
				new Fault(Target.DEPLOYER, Phase.ENABLE), new Fault(Target.NGINX_CONTROL, Phase.DRAIN_WAIT),
				new Fault(Target.NGINX_CONTROL, Phase.ENABLE), new Fault(Target.HEALTH, Phase.RESTART),
				new Fault(Target.HEALTH, Phase.VERIFY), new Fault(Target.REGISTRY, Phase.VERIFY),
				new Fault(Target.REGISTRY, Phase.ENABLE), new Fault(Target.BROKER, Phase.VERIFY),
				new Fault(Target.NGINX, Phase.DRAIN_WAIT));
	}

	@Test
	void theShortSuiteHitsEachServiceOnceAndPausesTheBroker() {
		List<Target> targets = Fault.quick().stream().map(Fault::target).toList();
		assertThat(targets).containsExactlyInAnyOrder(Target.DEPLOYER, Target.NGINX_CONTROL, Target.HEALTH,
				Target.REGISTRY, Target.BROKER);
		assertThat(Fault.all()).containsAll(Fault.quick());
	}

	@Test
	void onlyNginxKilledMayLoseRequests() {
		assertThat(Fault.all().stream().filter(Fault::losesRequestsByNature).map(Fault::target))
			.containsExactly(Target.NGINX);
	}

}
