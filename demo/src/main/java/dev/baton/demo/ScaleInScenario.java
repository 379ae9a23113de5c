package dev.baton.demo;

import java.time.Duration;

/**
 * An instance leaves: taken out of rotation, drained on every nginx node, deregistered,
 * stopped.
 */
final class ScaleInScenario implements Scenario {

	private final String instance;

	private final int port;

	ScaleInScenario(String instance, int port) {
		this.instance = instance;
		this.port = port;
	}

	@Override
	public String name() {
		return "scale in: " + this.instance;
	}

	@Override
	public Act act(Stack stack, Timeline timeline) {
		timeline.mark("baton offline " + this.instance);
		Stack.CliRun offline = stack.baton("offline", this.instance, "--reason", "scale in");
		Await.until(this.instance + " drained", Duration.ofSeconds(60),
				() -> stack.inFlight(this.port) == 0 && stack.peerState(this.port).equals("down"));
		timeline.mark(this.instance + " drained");
		Stack.CliRun deregistered = stack.baton("deregister", stack.options().service(), "--instance-id", this.instance,
				"--reason", "scale in");
		Await.until(this.instance + " deregistered", Duration.ofSeconds(60),
				() -> stack.instance(this.instance).isMissingNode());
		timeline.mark("supervisord asked to stop " + this.instance);
		stack.stop(this.instance);
		return Act.of(offline.code() == 0 && deregistered.code() == 0,
				this.instance + " offline, drained, deregistered and stopped");
	}

}
