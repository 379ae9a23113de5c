package dev.baton.health.verdict;

import dev.baton.contracts.InstanceId;
import dev.baton.contracts.StepId;
import dev.baton.logging.LogContext;

/**
 * Names the instance and the deploy step being answered in the logging context of the
 * thread handling a restart step, a probe answering it, or its verdict, so those lines
 * can be found by the step id the deployer logged. Outside a deploy step it puts nothing.
 */
public final class StepLogContext {

	/** MDC key of the restart step answered. */
	private static final String STEP_ID = "stepId";

	private StepLogContext() {
	}

	/**
	 * Puts an instance and the restart step it answers in the current thread's logging
	 * context.
	 * @param instanceId the instance
	 * @param stepId the restart step, or {@code null} when none is being answered
	 * @return what removes them again
	 */
	public static LogContext answering(InstanceId instanceId, StepId stepId) {
		if (stepId == null) {
			return LogContext.empty();
		}
		return LogContext.empty().put(LogContext.INSTANCE, instanceId.value()).put(STEP_ID, stepId.value());
	}

}
