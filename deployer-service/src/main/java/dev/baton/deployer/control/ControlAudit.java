package dev.baton.deployer.control;

import java.util.Map;

/**
 * Where a control request that changes nothing is recorded for operators.
 */
@FunctionalInterface
public interface ControlAudit {

	/**
	 * @param subject the deploy (or the service, for a request naming no deploy)
	 * @param action what happened
	 * @param reason why
	 * @param details anything else worth keeping
	 */
	void record(String subject, String action, String reason, Map<String, String> details);

}
