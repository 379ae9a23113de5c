package dev.baton.deployer.rollout.step;

import java.time.Clock;
import java.util.Map;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.ConcurrentHashMap;

import dev.baton.contracts.InstanceId;
import dev.baton.contracts.StepId;
import dev.baton.contracts.Version;
import dev.baton.contracts.deploy.DeployPhase;
import dev.baton.contracts.deploy.InstanceRestarted;
import dev.baton.contracts.deploy.InstanceRestartStarted;
import dev.baton.contracts.deploy.InstanceVerified;
import dev.baton.contracts.health.VerdictIssued;
import dev.baton.deployer.rollout.DeployEvents;
import dev.baton.deployer.rollout.InstanceRuntime;
import dev.baton.deployer.rollout.ProcessWatch;
import dev.baton.deployer.rollout.RestartResult;
import dev.baton.deployer.rollout.answer.AnswerBoard;
import dev.baton.deployer.rollout.plan.DeployPlan;
import dev.baton.deployer.rollout.plan.DeployTarget;

/**
 * Restarts an instance on a version through its runtime, then waits for the verdict that
 * names that restart: healthy, and on that very version. health-service hears of the
 * restart as it begins, so its verdict does not wait for the runtime's commands to
 * return. While the verdict is awaited, the runtime is asked at the service's check
 * interval whether the restarted process still runs: a crash fails the step at once.
 */
public final class RestartSteps {

	/**
	 * Per instance, the watch on its latest restart: one a failed batch never verified is
	 * replaced, not kept.
	 */
	private final Map<InstanceId, Watched> watches = new ConcurrentHashMap<>();

	private final AnswerBoard board;

	private final InstanceRuntime runtime;

	private final DeployEvents events;

	private final Clock clock;

	public RestartSteps(AnswerBoard board, InstanceRuntime runtime, DeployEvents events, Clock clock) {
		this.board = board;
		this.runtime = runtime;
		this.events = events;
		this.clock = clock;
	}

	/**
	 * Publishes {@link InstanceRestartStarted}, so health-service probes the instance
	 * while the runtime restarts it, runs the runtime's commands and publishes
	 * {@link InstanceRestarted}, also when they failed, so their exit code and error
	 * output are on the record. The verdict is awaited from before the first publication:
	 * it may arrive before the commands return.
	 * @return the restart's step id, which the confirming verdict will name
	 */
	public StepId restart(DeployPlan plan, DeployTarget target, Version version, DeployPhase phase)
			throws DeployFailure, InterruptedException {
		StepId stepId = StepId.random();
		long healthTimeoutMillis = plan.policy().healthTimeout().toMillis();
		this.board.expectVerdict(stepId);
		RestartResult result = null;
		try {
			this.events.step(new InstanceRestartStarted(plan.deployId(), plan.service(), target.instanceId(),
					target.endpoint().host(), target.endpoint().port(), phase, stepId, version, healthTimeoutMillis,
					this.clock.instant()));
			result = this.runtime.restart(plan.service(), target, version);
		}
		finally {
			if (result == null || !result.succeeded()) {
				this.board.forget(stepId);
			}
		}
		this.events.step(new InstanceRestarted(plan.deployId(), plan.service(), target.instanceId(),
				target.endpoint().host(), target.endpoint().port(), phase, stepId, version, result.exitCode(),
				result.stderr(), healthTimeoutMillis, this.clock.instant()));
		if (!result.succeeded()) {
			throw new DeployFailure("restart of " + target.instanceId() + " on " + version + " failed with exit code "
					+ result.exitCode() + (result.stderr().isBlank() ? "" : ": " + lastLine(result.stderr())));
		}
		this.watches.put(target.instanceId(), new Watched(stepId, result.watch()));
		return stepId;
	}

	/**
	 * Puts a new instance's start (a surge deploy's) on the record as a restart that has
	 * ended, so health-service probes it fast and answers the step as it answers a
	 * restart, and watches its process as a restart's.
	 * @param result what the runtime's start gave
	 * @return the step id the confirming verdict will name
	 */
	public StepId started(DeployPlan plan, DeployTarget target, Version version, RestartResult result) {
		StepId stepId = StepId.random();
		long healthTimeoutMillis = plan.policy().healthTimeout().toMillis();
		this.board.expectVerdict(stepId);
		this.events.step(new InstanceRestartStarted(plan.deployId(), plan.service(), target.instanceId(),
				target.endpoint().host(), target.endpoint().port(), DeployPhase.ROLLOUT, stepId, version,
				healthTimeoutMillis, this.clock.instant()));
		this.events.step(new InstanceRestarted(plan.deployId(), plan.service(), target.instanceId(),
				target.endpoint().host(), target.endpoint().port(), DeployPhase.ROLLOUT, stepId, version,
				result.exitCode(), result.stderr(), healthTimeoutMillis, this.clock.instant()));
		this.watches.put(target.instanceId(), new Watched(stepId, result.watch()));
		return stepId;
	}

	/**
	 * Waits for the verdict answering a restart and publishes {@link InstanceVerified}.
	 */
	public void verify(DeployPlan plan, DeployTarget target, StepId stepId, Version version, DeployPhase phase)
			throws DeployFailure, InterruptedException {
		VerdictIssued verdict = awaitVerdict(plan, target, stepId);
		if (!verdict.healthy()) {
			throw new DeployFailure(target.instanceId() + " is " + verdict.status() + " after its restart on " + version
					+ (verdict.reason().isBlank() ? "" : ": " + verdict.reason()));
		}
		if (!version.equals(verdict.version())) {
			throw new DeployFailure(target.instanceId() + " is healthy but reports version " + verdict.version()
					+ " instead of " + version + " (wrong version)");
		}
		this.events.step(new InstanceVerified(plan.deployId(), plan.service(), target.instanceId(), phase, stepId,
				verdict.version(), this.clock.instant()));
	}

	private VerdictIssued awaitVerdict(DeployPlan plan, DeployTarget target, StepId stepId)
			throws DeployFailure, InterruptedException {
		CompletableFuture<VerdictIssued> verdict = this.board.expectVerdict(stepId);
		Watched watched = this.watches.get(target.instanceId());
		// a restart this process did not run (a resumed deploy's) is watched as it runs
		// now
		ProcessWatch watch = (watched != null && watched.stepId().equals(stepId)) ? watched.watch()
				: this.runtime.watch(plan.service(), target);
		try {
			return WatchedWait.await(verdict, watch, plan.policy().healthTimeout(), plan.policy().checkInterval(),
					() -> target.instanceId() + " was not verified within " + plan.policy().healthTimeout()
							+ " of its restart (no verdict answering step " + stepId + ")",
					(crash) -> target.instanceId() + " crashed during verification: " + crash);
		}
		finally {
			this.board.forget(stepId);
			this.watches.computeIfPresent(target.instanceId(),
					(instance, latest) -> latest.stepId().equals(stepId) ? null : latest);
		}
	}

	private record Watched(StepId stepId, ProcessWatch watch) {

	}

	private static String lastLine(String text) {
		String trimmed = text.strip();
		int newline = trimmed.lastIndexOf('\n');
		return (newline >= 0) ? trimmed.substring(newline + 1) : trimmed;
	}

}
