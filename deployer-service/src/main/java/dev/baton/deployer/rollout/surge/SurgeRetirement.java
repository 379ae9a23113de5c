package dev.baton.deployer.rollout.surge;

import java.time.Clock;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.concurrent.ExecutionException;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.Future;

import dev.baton.contracts.registration.InstanceDeregistered;
import dev.baton.deployer.rollout.DeployEvents;
import dev.baton.deployer.rollout.InstanceRuntime;
import dev.baton.deployer.rollout.RestartResult;
import dev.baton.deployer.rollout.plan.DeployPlan;
import dev.baton.deployer.rollout.plan.DeployTarget;
import dev.baton.deployer.rollout.step.DeployFailure;

/**
 * The end of a finished replacement of a surge deploy: the old instance, drained by every
 * node, is stopped and deregistered. Both are harmless to do twice, so a restarted
 * deployer does them again for every replacement on the record.
 */
final class SurgeRetirement {

	private final DeployPlan plan;

	private final InstanceRuntime runtime;

	private final DeployEvents events;

	private final Clock clock;

	/** Finished replacements whose old instance may still run or be registered. */
	private final List<SurgeReplacement> toRetire = new ArrayList<>();

	SurgeRetirement(DeployPlan plan, InstanceRuntime runtime, DeployEvents events, Clock clock) {
		this.plan = plan;
		this.runtime = runtime;
		this.events = events;
		this.clock = clock;
	}

	void add(SurgeReplacement replacement) {
		this.toRetire.add(replacement);
	}

	/**
	 * Stops and deregisters the old instances of finished replacements; one the runtime
	 * cannot stop is out of rotation and deregistered, and fails the deploy.
	 */
	void retire() throws DeployFailure, InterruptedException {
		List<SurgeReplacement> retiring = List.copyOf(this.toRetire);
		if (retiring.isEmpty()) {
			return;
		}
		// Each stop waits for its process to exit: all at once, not one shutdown after
		// another.
		ExecutorService stoppers = Executors.newFixedThreadPool(retiring.size());
		List<String> problems = new ArrayList<>();
		try {
			Map<SurgeReplacement, Future<RestartResult>> stops = new LinkedHashMap<>();
			for (SurgeReplacement replacement : retiring) {
				stops.put(replacement,
						stoppers.submit(() -> this.runtime.stop(this.plan.service(), replacement.old())));
			}
			for (Map.Entry<SurgeReplacement, Future<RestartResult>> stop : stops.entrySet()) {
				SurgeReplacement replacement = stop.getKey();
				RestartResult stopped = outcome(stop.getValue());
				if (!stopped.succeeded()) {
					problems.add(replacement.old().instanceId() + " was replaced by " + replacement.registered()
							+ " but its runtime could not stop it (exit code " + stopped.exitCode() + ": "
							+ stopped.stderr().strip() + "); it is out of rotation");
				}
				deregister(replacement.old(),
						"replaced by " + replacement.registered() + " in surge deploy " + this.plan.deployId());
				this.toRetire.remove(replacement);
			}
		}
		finally {
			stoppers.shutdownNow();
		}
		if (!problems.isEmpty()) {
			throw new DeployFailure(String.join("; ", problems));
		}
	}

	void deregister(DeployTarget target, String reason) {
		this.events.registration(new InstanceDeregistered(null, target.instanceId(), this.plan.service(), null, 0,
				"deploy " + this.plan.deployId(), reason, this.clock.instant()));
	}

	private static RestartResult outcome(Future<RestartResult> stop) throws InterruptedException {
		try {
			return stop.get();
		}
		catch (ExecutionException ex) {
			return new RestartResult(1, String.valueOf(ex.getCause()));
		}
	}

}
