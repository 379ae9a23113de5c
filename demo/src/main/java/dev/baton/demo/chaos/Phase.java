package dev.baton.demo.chaos;

/**
 * A phase of an instance's rollout in which a component has work, with the step that ends
 * it (for the first instance), so the report can say whether a fault landed inside it. A
 * surge deploy has no restart: its new instance starts, then is verified, routed (the
 * enable), the old one drained and, last, retired.
 */
enum Phase {

	/** A surge deploy's new instance starts, until it registered. */
	START("start", "InstanceRestarted"),

	/** DEPLOY gate closed, waiting for every nginx node's drain. */
	DRAIN_WAIT("drain wait", "InstanceDrained"),

	/** The runtime's commands restart the instance. */
	RESTART("restart", "InstanceRestarted"),

	/** Restart done, waiting for health-service's verdict. */
	VERIFY("verify", "InstanceVerified"),

	/** Verified, DEPLOY gate reopened, waiting for every node to report the peer up. */
	ENABLE("enable", "InstanceEnabled"),

	/** Replaced: a surge deploy stops and deregisters the old instance. */
	RETIRE("retire", "DeploySucceeded");

	private final String label;

	private final String endStep;

	Phase(String label, String endStep) {
		this.label = label;
		this.endStep = endStep;
	}

	String label() {
		return this.label;
	}

	String endStep() {
		return this.endStep;
	}

}
