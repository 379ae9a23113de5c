package dev.baton.demo.chaos;

/**
 * How a deploy ended, as {@code deploy.steps} says it did.
 */
enum Outcome {

	SUCCEEDED("DeploySucceeded"), FAILED("DeployFailed"), REJECTED("DeployRejected"), NO_VERDICT("no verdict");

	private final String label;

	Outcome(String label) {
		this.label = label;
	}

	String label() {
		return this.label;
	}

	static Outcome of(String stepType) {
		for (Outcome outcome : values()) {
			if (outcome.label.equals(stepType)) {
				return outcome;
			}
		}
		return NO_VERDICT;
	}

}
