package dev.baton.health.verdict;

import java.util.Objects;

import dev.baton.contracts.StepId;

/**
 * A deploy restarts an instance and waits for the verdict that names this step.
 *
 * @param stepId the restart step to answer
 * @param deadlineNanos the {@link System#nanoTime()} after which the instance is declared
 * unhealthy
 * @param timeoutMillis the timeout the deploy asked for, for the reason
 * @param underway whether the runtime's commands are still running: the step began
 * ({@code InstanceRestartStarted}) and has not ended ({@code InstanceRestarted})
 */
public record RestartWatch(StepId stepId, long deadlineNanos, long timeoutMillis, boolean underway) {

	public RestartWatch {
		Objects.requireNonNull(stepId, "stepId is required");
	}

	public boolean expired(long nowNanos) {
		return nowNanos - this.deadlineNanos >= 0;
	}

}
