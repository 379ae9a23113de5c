package dev.baton.deployer.metrics;

import java.time.Duration;
import java.time.Instant;
import java.util.Locale;
import java.util.Map;
import java.util.concurrent.ConcurrentHashMap;

import io.micrometer.core.instrument.MeterRegistry;
import io.micrometer.core.instrument.Timer;

import dev.baton.contracts.DeployId;
import dev.baton.contracts.ServiceName;
import dev.baton.contracts.StepId;
import dev.baton.contracts.Version;
import dev.baton.contracts.deploy.DeployFailed;
import dev.baton.contracts.deploy.DeployPhase;
import dev.baton.contracts.deploy.DeployStarted;
import dev.baton.contracts.deploy.DeployStep;
import dev.baton.contracts.deploy.DeploySucceeded;
import dev.baton.contracts.deploy.InstanceDrained;
import dev.baton.contracts.deploy.InstanceRestarted;
import dev.baton.contracts.deploy.InstanceVerified;
import dev.baton.deployer.rollout.InstanceRuntime;
import dev.baton.deployer.rollout.ProcessWatch;
import dev.baton.deployer.rollout.RestartResult;
import dev.baton.deployer.rollout.StepObserver;
import dev.baton.deployer.rollout.plan.DeployTarget;

/**
 * What operators graph about deploys, read off the steps the deployer publishes (all
 * stamped by this deployer's clock), plus the runtime hook's own duration:
 * <ul>
 * <li>{@value #DURATION} ({@code service}, {@code outcome} = succeeded|failed): request
 * accepted to {@code DeploySucceeded} / {@code DeployFailed}, rollback included;</li>
 * <li>{@value #DRAIN} ({@code service}, {@code phase} = rollout|rollback,
 * {@code timed_out}): DEPLOY gate closed to every live nginx node drained, as
 * {@code InstanceDrained} reports it;</li>
 * <li>{@value #RESTART} ({@code service}, {@code outcome}): the runtime's activate and
 * restart commands;</li>
 * <li>{@value #VERIFY} ({@code service}, {@code phase}): {@code InstanceRestarted} to the
 * {@code InstanceVerified} naming the same step; a restart that is never verified ends
 * its deploy as failed instead.</li>
 * </ul>
 */
public final class DeployMetrics implements StepObserver {

	static final String DURATION = "baton.deploy.duration";

	static final String DRAIN = "baton.deploy.drain";

	static final String RESTART = "baton.deploy.restart";

	static final String VERIFY = "baton.deploy.verify";

	private final MeterRegistry meters;

	private final Map<DeployId, Instant> started = new ConcurrentHashMap<>();

	private final Map<StepId, Restart> restarts = new ConcurrentHashMap<>();

	public DeployMetrics(MeterRegistry meters) {
		this.meters = meters;
	}

	@Override
	public void published(DeployStep step) {
		if (step instanceof DeployStarted start) {
			this.started.put(start.deployId(), start.at());
		}
		else if (step instanceof InstanceDrained drained) {
			timer(DRAIN, "Closing a DEPLOY gate until every live nginx node drained the peer", drained.service(),
					"phase", tag(drained.phase()), "timed_out", String.valueOf(drained.timedOut()))
				.record(Duration.ofMillis(drained.drainMillis()));
		}
		else if (step instanceof InstanceRestarted restarted && restarted.exitCode() == 0) {
			this.restarts.put(restarted.stepId(), new Restart(restarted.deployId(), restarted.at()));
		}
		else if (step instanceof InstanceVerified verified) {
			Restart restart = this.restarts.remove(verified.stepId());
			if (restart != null) {
				timer(VERIFY, "A restarted instance until health-service verified its version", verified.service(),
						"phase", tag(verified.phase()))
					.record(Duration.between(restart.at(), verified.at()));
			}
		}
		else if (step instanceof DeploySucceeded succeeded) {
			ended(succeeded.deployId(), succeeded.service(), "succeeded",
					Duration.ofMillis(succeeded.durationMillis()));
		}
		else if (step instanceof DeployFailed failed) {
			Instant from = this.started.get(failed.deployId());
			ended(failed.deployId(), failed.service(), "failed",
					(from != null) ? Duration.between(from, failed.at()) : null);
		}
	}

	@Override
	public void replayed(DeployStep step) {
		if (step instanceof DeployStarted start) {
			this.started.put(start.deployId(), start.at());
		}
		else if (step instanceof DeploySucceeded || step instanceof DeployFailed) {
			this.started.remove(step.deployId());
		}
	}

	/**
	 * Times a runtime's commands.
	 * @param runtime the runtime that restarts instances
	 * @return the same runtime, timed as {@value #RESTART}
	 */
	public InstanceRuntime timing(InstanceRuntime runtime) {
		return new InstanceRuntime() {

			@Override
			public RestartResult restart(ServiceName service, DeployTarget target, Version version)
					throws InterruptedException {
				long start = System.nanoTime();
				RestartResult result = runtime.restart(service, target, version);
				timer(RESTART, "The runtime's activate and restart commands for one instance", service, "outcome",
						result.succeeded() ? "succeeded" : "failed")
					.record(Duration.ofNanos(System.nanoTime() - start));
				return result;
			}

			@Override
			public ProcessWatch watch(ServiceName service, DeployTarget target) throws InterruptedException {
				return runtime.watch(service, target);
			}

			@Override
			public RestartResult start(ServiceName service, DeployTarget target, Version version)
					throws InterruptedException {
				return runtime.start(service, target, version);
			}

			@Override
			public RestartResult stop(ServiceName service, DeployTarget target) throws InterruptedException {
				return runtime.stop(service, target);
			}

		};
	}

	private void ended(DeployId deployId, ServiceName service, String outcome, Duration duration) {
		this.started.remove(deployId);
		this.restarts.values().removeIf((restart) -> restart.deployId().equals(deployId));
		if (duration != null) {
			timer(DURATION, "A deploy from its acceptance to its end, rollback included", service, "outcome", outcome)
				.record(duration);
		}
	}

	private Timer timer(String name, String description, ServiceName service, String... tags) {
		return Timer.builder(name)
			.description(description)
			.tag("service", service.value())
			.tags(tags)
			.register(this.meters);
	}

	private static String tag(DeployPhase phase) {
		return phase.name().toLowerCase(Locale.ROOT);
	}

	private record Restart(DeployId deployId, Instant at) {
	}

}
