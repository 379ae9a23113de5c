package dev.baton.demo.chaos;

/**
 * A phase of an instance's rollout in which a component has work, with the step that ends
 * it (for the first instance), so the report can say whether a fault landed inside it.
 */
enum Phase {

	/** DEPLOY gate closed, waiting for every nginx node's drain. */
	DRAIN_WAIT("drain wait", "InstanceDrained"),

	/** The runtime's commands restart the instance. */
	RESTART("restart", "InstanceRestarted"),

	/** Restart done, waiting for health-service's verdict. */
	VERIFY("verify", "InstanceVerified"),

	/** Verified, DEPLOY gate reopened, waiting for every node to report the peer up. */
	ENABLE("enable", "InstanceEnabled");

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
