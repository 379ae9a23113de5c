package dev.baton.demo;

import java.time.Duration;

/**
 * Steady load with nothing else happening: the warm-up every freshly started JVM of the
 * stack gets before anything is deployed, and, once the instances are warm, the latency
 * the slow start comparison holds the deploys against.
 */
final class SteadyLoadScenario implements Scenario {

	private final String name;

	private final Duration duration;

	SteadyLoadScenario(String name, Duration duration) {
		this.name = name;
		this.duration = duration;
	}

	@Override
	public String name() {
		return this.name;
	}

	@Override
	public Act act(Stack stack, Timeline timeline) {
		timeline.mark("steady load");
		Await.steadyLoad(this.duration);
		return Act.of(true, "no action for " + DeployScenario.seconds(this.duration));
	}

}
