package dev.baton.demo;

import java.time.Duration;

/**
 * Steady load with nothing else happening: the baseline the other scenarios compare with,
 * and the warm-up every freshly started JVM of the stack gets before anything is
 * deployed.
 */
final class SteadyLoadScenario implements Scenario {

	private final Duration duration;

	SteadyLoadScenario(Duration duration) {
		this.duration = duration;
	}

	@Override
	public String name() {
		return "steady load (baseline)";
	}

	@Override
	public Act act(Stack stack, Timeline timeline) {
		timeline.mark("steady load");
		Await.steadyLoad(this.duration);
		return Act.of(true, "no action for " + DeployScenario.seconds(this.duration));
	}

}
