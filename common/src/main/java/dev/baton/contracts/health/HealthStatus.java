package dev.baton.contracts.health;

/**
 * The two verdicts health-service gives.
 */
public enum HealthStatus {

	/** {@code rise} consecutive probes answered 2xx. */
	HEALTHY,

	/**
	 * {@code fall} consecutive probes failed (non-2xx such as 503, timeout, refused,
	 * reset).
	 */
	UNHEALTHY

}
