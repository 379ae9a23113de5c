package dev.baton.demo;

import java.time.Duration;
import java.time.Instant;

import tools.jackson.databind.JsonNode;

/**
 * {@code kill -9} of one instance: supervisord restarts it, health-service takes it out
 * of rotation and puts it back. It may lose only what was in flight on the killed
 * instance.
 */
final class KillScenario implements Scenario {

	private final String instance;

	private final int port;

	KillScenario(String instance, int port) {
		this.instance = instance;
		this.port = port;
	}

	@Override
	public String name() {
		return "kill -9 " + this.instance;
	}

	@Override
	public Act act(Stack stack, Timeline timeline) {
		String pid = stack.supervisor("pid", this.instance);
		long inFlight = stack.inFlight(this.port);
		timeline.mark("kill -9 " + this.instance);
		stack.kill9(Long.parseLong(pid));
		Instant killed = Instant.now();
		Await.until(this.instance + " restarted by supervisord", Duration.ofSeconds(60),
				() -> stack.supervisor("pid", this.instance).matches("[0-9]+")
						&& !stack.supervisor("pid", this.instance).equals(pid));
		timeline.mark("supervisord restarted " + this.instance);
		Await.until(this.instance + " healthy again", Duration.ofSeconds(120), () -> healthySince(stack, killed));
		timeline.mark(this.instance + " HEALTHY again");
		return new Act(true, "in flight on " + this.instance + " at the kill: " + inFlight + "; back in "
				+ DeployScenario.seconds(Duration.between(killed, Instant.now())), inFlight, null);
	}

	private boolean healthySince(Stack stack, Instant killed) {
		JsonNode health = stack.instance(this.instance).path("lastHealth");
		return "HEALTHY".equals(health.path("status").asString())
				&& Instant.parse(health.path("probedAt").asString()).isAfter(killed);
	}

}
