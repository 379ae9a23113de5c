package dev.baton.health.fleet;

import java.time.Duration;
import java.util.Collection;
import java.util.HashMap;
import java.util.Iterator;
import java.util.Map;
import java.util.Set;
import java.util.concurrent.TimeUnit;
import java.util.function.Function;

import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

import dev.baton.contracts.InstanceId;
import dev.baton.contracts.ServiceName;
import dev.baton.contracts.StepId;
import dev.baton.contracts.deploy.InstanceRestarted;
import dev.baton.contracts.deploy.InstanceRestartStarted;
import dev.baton.contracts.registry.InstanceSnapshot;
import dev.baton.health.probe.ProbeSettings;
import dev.baton.health.probe.ProbeTarget;
import dev.baton.health.recovery.OwedRestart;
import dev.baton.health.verdict.RestartWatch;

/**
 * The instances this replica probes: those of the registry partitions it is assigned.
 * Every replica hears every restart step (its beginning and its end), but only the one
 * probing the instance acts on it; a step for an instance not (yet) probed here waits
 * until its deadline, so a replica that takes the instance over during a deploy, or
 * learns of the instance only once its share of the registry is read after a restart,
 * still answers the step.
 */
public final class ProbedInstances {

	private static final Logger logger = LoggerFactory.getLogger(ProbedInstances.class);

	private final ProbeLoop loop;

	private final Function<ServiceName, ProbeSettings> settings;

	private final Duration defaultRestartTimeout;

	private final Map<InstanceId, Tracked> tracked = new HashMap<>();

	private final Map<InstanceId, RestartWatch> pending = new HashMap<>();

	public ProbedInstances(ProbeLoop loop, Function<ServiceName, ProbeSettings> settings,
			Duration defaultRestartTimeout) {
		this.loop = loop;
		this.settings = settings;
		this.defaultRestartTimeout = defaultRestartTimeout;
	}

	/**
	 * Applies one record of the registry's state: starts, replaces or stops probing.
	 * @param partition the registry partition the record came from
	 * @param key the record key, the instance id
	 * @param snapshot the snapshot, or {@code null} for a tombstone
	 */
	public synchronized void apply(int partition, String key, InstanceSnapshot snapshot) {
		InstanceId id = InstanceId.of(key);
		if (snapshot == null || snapshot.deregistered()) {
			stop(id);
			this.pending.remove(id);
			return;
		}
		if (!snapshot.instanceId().equals(id)) {
			throw new IllegalArgumentException(
					"record key " + key + " does not name the snapshot's instance " + snapshot.instanceId());
		}
		ProbeTarget target = new ProbeTarget(id, snapshot.service(), snapshot.endpoint(), snapshot.healthPath());
		Tracked current = this.tracked.get(id);
		if (current != null && current.revision() > snapshot.revision()) {
			return;
		}
		if (current != null && current.instance().target().equals(target)) {
			this.tracked.put(id, new Tracked(partition, snapshot.revision(), current.instance()));
			return;
		}
		stop(id);
		MonitoredInstance instance = this.loop.monitor(target, this.settings.apply(snapshot.service()));
		this.tracked.put(id, new Tracked(partition, snapshot.revision(), instance));
		RestartWatch restart = this.pending.remove(id);
		if (restart != null && !restart.expired(System.nanoTime())) {
			logger.info("{} is probed here from now on and restart step {} waits for it: probing fast", id,
					restart.stepId());
			instance.watch(restart);
		}
	}

	/**
	 * Stops probing the instances of partitions this replica no longer owns.
	 * @param partitions the revoked registry partitions
	 */
	public synchronized void revoke(Collection<Integer> partitions) {
		Iterator<Map.Entry<InstanceId, Tracked>> entries = this.tracked.entrySet().iterator();
		while (entries.hasNext()) {
			Tracked entry = entries.next().getValue();
			if (partitions.contains(entry.partition())) {
				entry.instance().stop();
				entries.remove();
			}
		}
		logger.info("Registry partitions {} revoked; probing {} instances", partitions, this.tracked.size());
	}

	/**
	 * A deploy begins to restart an instance: probe it fast from now on, so the verdict
	 * is ready about when the instance is.
	 * @param step the step that begins the restart
	 */
	public synchronized void restartStarted(InstanceRestartStarted step) {
		watch(step.instanceId(), step.stepId(), step.healthTimeoutMillis(), true,
				"restarting by deploy " + step.deployId() + " on " + step.version());
	}

	/**
	 * A deploy restarted an instance: probe it fast until it rises or the deploy's
	 * timeout passes.
	 * @param step the restart step
	 */
	public synchronized void restarted(InstanceRestarted step) {
		watch(step.instanceId(), step.stepId(), step.healthTimeoutMillis(), false,
				"restarted by deploy " + step.deployId() + " on " + step.version());
	}

	/**
	 * Takes up a restart step read back at start that no verdict has settled yet, as far
	 * as it got: once the runtime reported it done, the old process is known gone and a
	 * healthy answer counts at once (its refusal may have come while nobody probed).
	 * @param owed the step
	 */
	public synchronized void resume(OwedRestart owed) {
		if (owed.restarted() != null) {
			InstanceRestarted step = owed.restarted();
			watch(step.instanceId(), step.stepId(), step.healthTimeoutMillis(), false,
					"restarted by deploy " + step.deployId() + " on " + step.version() + " (resumed)");
		}
		else {
			InstanceRestartStarted step = owed.started();
			watch(step.instanceId(), step.stepId(), step.healthTimeoutMillis(), true,
					"restarting by deploy " + step.deployId() + " on " + step.version() + " (resumed)");
		}
	}

	/**
	 * Watches a restart until the step's timeout, counted on this replica's monotonic
	 * clock from when it read the step. The time the step carries is the deployer's
	 * clock, which may be minutes off this one, so it decides nothing: the deployer times
	 * its own wait and matches the answer by step id, so an answer later than that wait
	 * (a step read back after a restart of this service) is only ignored.
	 */
	private void watch(InstanceId instanceId, StepId stepId, long requestedTimeoutMillis, boolean underway,
			String what) {
		long timeoutMillis = (requestedTimeoutMillis > 0) ? requestedTimeoutMillis
				: this.defaultRestartTimeout.toMillis();
		long now = System.nanoTime();
		this.pending.values().removeIf((waiting) -> waiting.expired(now));
		RestartWatch restart = new RestartWatch(stepId, now + TimeUnit.MILLISECONDS.toNanos(timeoutMillis),
				timeoutMillis, underway);
		Tracked current = this.tracked.get(instanceId);
		if (current != null) {
			logger.info("{} {}: probing fast for up to {} ms", instanceId, what, timeoutMillis);
			current.instance().watch(restart);
		}
		else {
			logger.debug("{} {} is not probed here (yet): waiting up to {} ms for it", instanceId, what, timeoutMillis);
			this.pending.put(instanceId, restart);
		}
	}

	/**
	 * The instances probed here.
	 * @return their ids
	 */
	public synchronized Set<InstanceId> instances() {
		return Set.copyOf(this.tracked.keySet());
	}

	private void stop(InstanceId id) {
		Tracked removed = this.tracked.remove(id);
		if (removed != null) {
			removed.instance().stop();
		}
	}

	private record Tracked(int partition, long revision, MonitoredInstance instance) {
	}

}
