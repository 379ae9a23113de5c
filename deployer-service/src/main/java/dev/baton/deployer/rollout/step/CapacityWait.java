package dev.baton.deployer.rollout.step;

import java.time.Duration;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.concurrent.CompletableFuture;
import java.util.stream.Collectors;

import dev.baton.contracts.InstanceId;
import dev.baton.deployer.fleet.ChangeSignal;
import dev.baton.deployer.fleet.ServingInstances;
import dev.baton.deployer.rollout.DeployEvents;
import dev.baton.deployer.rollout.plan.DeployPlan;
import dev.baton.deployer.rollout.plan.DeployTarget;

/**
 * Holds a batch until taking it out of rotation leaves at least {@code min-healthy}
 * instances serving, counted anew each time: an instance that failed its health check,
 * was taken offline or is held out by a node since the deploy was planned does not serve.
 * The wait wakes on each change of the fleet or of a node's word on a peer, never on a
 * timer, and ends at {@code min-healthy-wait} on this process's monotonic clock; then the
 * batch fails safe, nothing of it taken out. Each count it waits on is on the audit
 * trail.
 */
public final class CapacityWait {

	private final ServingInstances serving;

	private final DeployEvents events;

	public CapacityWait(ServingInstances serving, DeployEvents events) {
		this.serving = serving;
		this.events = events;
	}

	/**
	 * Returns once the batch may leave rotation.
	 * @param plan the deploy
	 * @param leaving the instances the batch is about to take out
	 * @throws DeployFailure when too few serve still at the deadline
	 */
	public void awaitRoom(DeployPlan plan, List<DeployTarget> leaving) throws DeployFailure, InterruptedException {
		int minHealthy = plan.policy().minHealthy();
		Duration wait = plan.policy().minHealthyWait();
		long deadline = System.nanoTime() + wait.toNanos();
		Set<InstanceId> out = leaving.stream().map(DeployTarget::instanceId).collect(Collectors.toSet());
		List<InstanceId> recorded = null;
		while (true) {
			CompletableFuture<Void> change = this.serving.nextChange();
			List<InstanceId> now = this.serving.of(plan.service());
			long left = now.stream().filter((instance) -> !out.contains(instance)).count();
			if (left >= minHealthy) {
				if (recorded != null) {
					record(plan, "capacity.restored", now, left, out, "enough instances serve again");
				}
				return;
			}
			String shortBy = out + " would leave " + left + " of " + plan.service() + "'s instances serving, fewer than"
					+ " min-healthy " + minHealthy + " (" + now.size() + " serving now: " + now + ")";
			long remaining = deadline - System.nanoTime();
			if (remaining <= 0) {
				record(plan, "capacity.short", now, left, out, shortBy + "; waited " + wait);
				throw new DeployFailure("taking out " + shortBy + "; none came back within min-healthy-wait " + wait);
			}
			if (!now.equals(recorded)) {
				record(plan, "capacity.waiting", now, left, out, "taking out " + shortBy + ": waiting");
				recorded = now;
			}
			ChangeSignal.awaitAtMost(change, Duration.ofNanos(Math.min(remaining, untilExpiry(plan))));
		}
	}

	private void record(DeployPlan plan, String action, List<InstanceId> now, long left, Set<InstanceId> out,
			String reason) {
		this.events.audit(plan.deployId().value(), action, reason,
				Map.of("serving", String.valueOf(now.size()), "servingAfterBatch", String.valueOf(left), "minHealthy",
						String.valueOf(plan.policy().minHealthy()), "batch", out.toString()));
	}

	/**
	 * Until a node that holds a peer out would stop counting, which no event announces.
	 */
	private long untilExpiry(DeployPlan plan) {
		return this.serving.untilNextExpiry(plan.service()).map(Duration::toNanos).orElse(Long.MAX_VALUE);
	}

}
