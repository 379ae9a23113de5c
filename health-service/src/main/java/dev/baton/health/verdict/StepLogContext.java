package dev.baton.health.verdict;

import org.slf4j.MDC;

import dev.baton.contracts.InstanceId;
import dev.baton.contracts.StepId;

/**
 * Names the instance and the deploy step being answered in the logging context (SLF4J's
 * MDC) of the thread handling a restart step, a probe answering it, or its verdict, so
 * those lines can be found by the step id the deployer logged. Outside a deploy step it
 * puts nothing. Closing it removes what it put.
 */
public final class StepLogContext implements AutoCloseable {

	/** MDC key of the instance. */
	public static final String INSTANCE = "instance";

	/** MDC key of the restart step answered. */
	public static final String STEP_ID = "stepId";

	private final boolean put;

	private StepLogContext(boolean put) {
		this.put = put;
	}

	/**
	 * Puts an instance and the restart step it answers in the current thread's logging
	 * context.
	 * @param instanceId the instance
	 * @param stepId the restart step, or {@code null} when none is being answered
	 * @return what removes them again
	 */
	public static StepLogContext answering(InstanceId instanceId, StepId stepId) {
		if (stepId == null) {
			return new StepLogContext(false);
		}
		MDC.put(INSTANCE, instanceId.value());
		MDC.put(STEP_ID, stepId.value());
		return new StepLogContext(true);
	}

	@Override
	public void close() {
		if (this.put) {
			MDC.remove(INSTANCE);
			MDC.remove(STEP_ID);
		}
	}

}
