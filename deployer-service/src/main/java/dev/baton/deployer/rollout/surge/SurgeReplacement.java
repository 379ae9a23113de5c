package dev.baton.deployer.rollout.surge;

import dev.baton.contracts.InstanceId;
import dev.baton.contracts.StepId;
import dev.baton.contracts.Version;
import dev.baton.deployer.rollout.RestartResult;
import dev.baton.deployer.rollout.plan.DeployTarget;
import dev.baton.deployer.rollout.step.Stage;

/**
 * One old instance of a surge deploy and the new one that replaces it, as far as it got:
 * what a failure must undo, and where a restarted deployer carries on.
 */
final class SurgeReplacement {

	private final DeployTarget old;

	private final DeployTarget spare;

	private final Version version;

	/** The id the new instance registered with; null before. */
	private InstanceId registered;

	/** What the runtime's start gave, with the watch on the new process. */
	RestartResult result;

	/**
	 * The step the new instance's verdict will name; null before its start is recorded.
	 */
	StepId stepId;

	/** The new instance's last confirmed step. */
	Stage stage = Stage.PENDING;

	/** Whether the runtime may have started the new instance. */
	boolean started;

	/** Whether the new instance may have had traffic. */
	boolean routed;

	/** Whether the old instance's DEPLOY gate may be closed. */
	boolean oldClosed;

	/** Whether a deployer before this one began it. */
	boolean resumed;

	/**
	 * @param old the instance replaced
	 * @param spare the new instance as the runtime knows it before it registers: the id
	 * proposed to it, its spare endpoint
	 * @param version the version the new instance runs
	 */
	SurgeReplacement(DeployTarget old, DeployTarget spare, Version version) {
		this.old = old;
		this.spare = spare;
		this.version = version;
	}

	DeployTarget old() {
		return this.old;
	}

	DeployTarget spare() {
		return this.spare;
	}

	InstanceId registered() {
		return this.registered;
	}

	void registeredAs(InstanceId id) {
		this.registered = id;
	}

	/** The new instance, by the id it registered with once it did. */
	DeployTarget fresh() {
		return (this.registered != null) ? new DeployTarget(this.registered, this.spare.endpoint(), this.version)
				: this.spare;
	}

}
