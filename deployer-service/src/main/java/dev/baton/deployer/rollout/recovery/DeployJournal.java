package dev.baton.deployer.rollout.recovery;

import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Map;
import java.util.Set;

import dev.baton.contracts.DeployId;
import dev.baton.contracts.InstanceId;
import dev.baton.contracts.StepId;
import dev.baton.contracts.deploy.BakeEnded;
import dev.baton.contracts.deploy.CanaryPromoted;
import dev.baton.contracts.deploy.DeployCancelling;
import dev.baton.contracts.deploy.DeployFailed;
import dev.baton.contracts.deploy.DeployPaused;
import dev.baton.contracts.deploy.DeployPhase;
import dev.baton.contracts.deploy.DeployRejected;
import dev.baton.contracts.deploy.DeployResumed;
import dev.baton.contracts.deploy.DeployRollingBack;
import dev.baton.contracts.deploy.DeployStarted;
import dev.baton.contracts.deploy.DeployStep;
import dev.baton.contracts.deploy.DeploySucceeded;
import dev.baton.contracts.deploy.InstanceDrained;
import dev.baton.contracts.deploy.InstanceEnabled;
import dev.baton.contracts.deploy.InstanceLaunched;
import dev.baton.contracts.deploy.InstanceReplaced;
import dev.baton.contracts.deploy.InstanceRestartStarted;
import dev.baton.contracts.deploy.InstanceRestarted;
import dev.baton.contracts.deploy.InstanceVerified;
import dev.baton.deployer.rollout.run.Resumption;
import dev.baton.deployer.rollout.step.Stage;
import dev.baton.deployer.rollout.surge.SurgeProgress;

/**
 * What {@code deploy.steps} says about every deploy, read back after a restart: which
 * deploys exist, which never ended, and how far each of their instances got. A restart
 * that began ({@code InstanceRestartStarted}) and never ended is no stage: the instance
 * stays drained, and a resumed deploy restarts it again. A restart that ended is not run
 * again: its verdict, maybe published while no deployer ran, is awaited by its step id.
 * For a surge deploy, the new instances it launched and the replacements it finished.
 * Whether an operator paused (and did not resume) or cancelled it, which batches' bakes
 * ended and the weight each instance's gate opened at. A dry run's {@code DeployPlanned}
 * only uses up its id.
 */
public final class DeployJournal {

	private final Map<DeployId, KnownDeploy> entries = new LinkedHashMap<>();

	private final Set<InstanceId> keptOut = new LinkedHashSet<>();

	public void apply(DeployStep step) {
		KnownDeploy entry = this.entries.computeIfAbsent(step.deployId(), (id) -> new KnownDeploy());
		if (step instanceof DeployStarted started) {
			entry.started = started;
		}
		else if (step instanceof DeployRollingBack rollingBack) {
			entry.failure = rollingBack.reason();
		}
		else if (step instanceof InstanceDrained drained) {
			entry.advance(drained.instanceId(), drained.phase(), Stage.DRAINED);
		}
		else if (step instanceof InstanceRestartStarted started) {
			entry.restartSteps.remove(started.instanceId());
			entry.unverified.add(started.instanceId());
		}
		else if (step instanceof InstanceRestarted restarted) {
			entry.restarted(restarted);
		}
		else if (step instanceof InstanceVerified verified) {
			entry.advance(verified.instanceId(), verified.phase(), Stage.VERIFIED);
			entry.unverified.remove(verified.instanceId());
		}
		else if (step instanceof InstanceEnabled enabled) {
			entry.advance(enabled.instanceId(), enabled.phase(), Stage.ENABLED);
			if (enabled.phase() == DeployPhase.ROLLOUT) {
				entry.weights.put(enabled.instanceId(), enabled.weight());
			}
			this.keptOut.remove(enabled.instanceId());
		}
		else if (step instanceof DeployPaused paused) {
			entry.paused = paused;
		}
		else if (step instanceof DeployResumed) {
			entry.paused = null;
		}
		else if (step instanceof DeployCancelling cancelling) {
			entry.cancelling = cancelling;
		}
		else if (step instanceof BakeEnded ended) {
			entry.baked.addAll(ended.instances());
		}
		else if (step instanceof CanaryPromoted promoted) {
			entry.baked.addAll(promoted.instances());
		}
		else if (step instanceof InstanceLaunched launched) {
			entry.launched.add(launched);
		}
		else if (step instanceof InstanceReplaced replaced) {
			entry.replaced.put(replaced.instanceId(), replaced.replacedBy());
		}
		else if (step instanceof DeployFailed failed) {
			entry.finished = true;
			this.keptOut.addAll(failed.keptOut());
		}
		else if (step instanceof DeploySucceeded || step instanceof DeployRejected) {
			entry.finished = true;
		}

	}

	public Iterable<DeployId> deployIds() {
		return List.copyOf(this.entries.keySet());
	}

	/**
	 * Instances a failed deploy left out of rotation, not enabled by any deploy since:
	 * their DEPLOY gates stay closed.
	 * @return the instances
	 */
	public Set<InstanceId> keptOut() {
		return Set.copyOf(this.keptOut);
	}

	/**
	 * Deploys that started and never ended.
	 * @return their start and progress
	 */
	public List<Unfinished> unfinished() {
		return this.entries.values()
			.stream()
			.filter((entry) -> entry.started != null && !entry.finished)
			.map((entry) -> new Unfinished(entry.started,
					new Resumption(Map.copyOf(entry.stages), Set.of(), List.copyOf(entry.rolledBack), entry.failure,
							Map.copyOf(entry.restartSteps), entry.paused, entry.cancelling, entry.baked, entry.weights),
					Set.copyOf(entry.unverified),
					new SurgeProgress(entry.launched, entry.replaced, entry.stages, entry.restartSteps, entry.failure)))
			.toList();
	}

	/**
	 * A deploy to carry on.
	 *
	 * @param started its start, with batches and previous versions
	 * @param resumption where it stood
	 * @param unverified instances whose restart (on any version) began and was not
	 * verified since
	 * @param surge the new instances a surge deploy started and the replacements it
	 * finished
	 */
	public record Unfinished(DeployStarted started, Resumption resumption, Set<InstanceId> unverified,
			SurgeProgress surge) {
	}

	/** What the journal knows of one deploy so far. */
	private static final class KnownDeploy {

		private DeployStarted started;

		private boolean finished;

		private String failure;

		private final Map<InstanceId, Stage> stages = new LinkedHashMap<>();

		private final List<InstanceId> rolledBack = new ArrayList<>();

		private final Map<InstanceId, StepId> restartSteps = new LinkedHashMap<>();

		private final Set<InstanceId> unverified = new LinkedHashSet<>();

		private final List<InstanceLaunched> launched = new ArrayList<>();

		private final Map<InstanceId, InstanceId> replaced = new LinkedHashMap<>();

		private DeployPaused paused;

		private DeployCancelling cancelling;

		private final Set<InstanceId> baked = new LinkedHashSet<>();

		private final Map<InstanceId, Integer> weights = new LinkedHashMap<>();

		void advance(InstanceId instance, DeployPhase phase, Stage stage) {
			if (phase == DeployPhase.ROLLBACK) {
				this.failure = (this.failure != null) ? this.failure : "rollback resumed after a deployer restart";
				if (stage == Stage.ENABLED && !this.rolledBack.contains(instance)) {
					this.rolledBack.add(instance);
				}
			}
			else {
				this.stages.merge(instance, stage, (old, fresh) -> (fresh.compareTo(old) > 0) ? fresh : old);
			}
		}

		void restarted(InstanceRestarted restarted) {
			if (restarted.exitCode() == 0 || restarted.phase() == DeployPhase.ROLLBACK) {
				advance(restarted.instanceId(), restarted.phase(), Stage.RESTARTED);
				if (restarted.exitCode() == 0 && restarted.phase() == DeployPhase.ROLLOUT) {
					this.restartSteps.put(restarted.instanceId(), restarted.stepId());
				}
			}
			else if (this.failure == null) {
				this.failure = "restart of " + restarted.instanceId() + " on " + restarted.version()
						+ " failed with exit code " + restarted.exitCode();
			}
		}

	}

}
