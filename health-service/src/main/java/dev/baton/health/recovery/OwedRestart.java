package dev.baton.health.recovery;

import dev.baton.contracts.DeployId;
import dev.baton.contracts.InstanceId;
import dev.baton.contracts.StepId;
import dev.baton.contracts.deploy.InstanceRestartStarted;
import dev.baton.contracts.deploy.InstanceRestarted;

/**
 * A restart step still awaiting its verdict, as far as it got before this replica
 * started: begun, or also ended by the runtime (then the old process is known gone and a
 * healthy answer counts at once).
 *
 * @param started the step's beginning, or {@code null} when it lies before the window
 * read back
 * @param restarted the step's end, or {@code null} while the runtime still restarts the
 * instance
 */
public record OwedRestart(InstanceRestartStarted started, InstanceRestarted restarted) {

	public OwedRestart {
		if (started == null && restarted == null) {
			throw new IllegalArgumentException("an owed restart needs its beginning or its end");
		}
		if (started != null && restarted != null && !started.stepId().equals(restarted.stepId())) {
			throw new IllegalArgumentException(
					"restart " + restarted.stepId() + " does not end step " + started.stepId());
		}
	}

	public StepId stepId() {
		return (this.restarted != null) ? this.restarted.stepId() : this.started.stepId();
	}

	public InstanceId instanceId() {
		return (this.restarted != null) ? this.restarted.instanceId() : this.started.instanceId();
	}

	public DeployId deployId() {
		return (this.restarted != null) ? this.restarted.deployId() : this.started.deployId();
	}

	OwedRestart endedBy(InstanceRestarted end) {
		return new OwedRestart(this.started, end);
	}

}
