package dev.baton.demo;

import java.time.Duration;

/**
 * A third instance starts, registers itself, passes health, is approved, and receives
 * traffic.
 */
final class ScaleOutScenario implements Scenario {

	private final String instance;

	private final int port;

	ScaleOutScenario(String instance, int port) {
		this.instance = instance;
		this.port = port;
	}

	@Override
	public String name() {
		return "scale out: " + this.instance;
	}

	@Override
	public Act act(Stack stack, Timeline timeline) {
		timeline.mark("supervisord asked to start " + this.instance);
		stack.start(this.instance);
		Await.until(this.instance + " pre-online", Duration.ofSeconds(120),
				() -> "PRE_ONLINE".equals(stack.instance(this.instance).path("lifecycle").asString()));
		timeline.mark(this.instance + " PRE_ONLINE");
		Stack.CliRun approved = stack.baton("approve", this.instance, "--reason", "scale out");
		timeline.mark("baton approve " + this.instance);
		long before = stack.served(this.port);
		Await.until(this.instance + " receiving traffic through nginx", Duration.ofSeconds(60),
				() -> stack.served(this.port) > before);
		timeline.mark(this.instance + " serving");
		return Act.of(approved.code() == 0, this.instance + " " + approved.out().strip() + ", served "
				+ stack.served(this.port) + " requests on /work");
	}

}
