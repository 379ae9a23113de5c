package dev.baton.registry.api;

/**
 * The optional body of an operator's decision: who decides and why, for the audit trail.
 *
 * @param by who decides
 * @param reason why
 */
record DecisionRequest(String by, String reason) {

	static final DecisionRequest NONE = new DecisionRequest(null, null);

	String byOrDefault() {
		return (this.by != null && !this.by.isBlank()) ? this.by : "rest-api";
	}

}
