package dev.baton.deployer.rollout.plan;

import java.time.Duration;
import java.util.List;

import dev.baton.contracts.deploy.DeployRequested;
import dev.baton.contracts.deploy.DeployStrategy;
import dev.baton.contracts.nginx.DrainDeadline;
import dev.baton.deployer.canary.CanaryThresholds;

/**
 * How one service is deployed: rolling or surge, batch size, the floor of serving
 * instances, how long each wait may take, the bake after each batch and the canary. A
 * request may override the strategy, the batch size, two timeouts, the drain policy, the
 * bake and the canary's share.
 *
 * @param maxUnavailable instances taken out of rotation at once
 * @param minHealthy instances that keep serving throughout
 * @param drainTimeout how long every live node may take to report a peer drained
 * @param healthTimeout how long a restarted instance may take to be verified
 * @param enableTimeout how long every live node may take to report a peer up again
 * @param drainOnTimeout what a rollout does with an instance whose drain ran out of time
 * with connections still open (WebSockets, streams, slow requests): fail the deploy
 * without restarting it, or restart it all the same
 * @param checkInterval how often the runtime is asked whether a restarted instance still
 * runs while its verdict is awaited
 * @param strategy how a deploy replaces the running version unless its request says
 * @param sparePorts the ports a surge deploy may start new instances on, on the host of
 * the instance each replaces; empty when the service cannot be surge-deployed
 * @param downtimeAllowed whether a request may accept downtime ({@code allowDowntime}):
 * deploy a single instance, or take more out of rotation than {@code minHealthy} leaves
 * @param bake how long a deploy waits after each batch is back in rotation before the
 * next (and judges a canary over); zero for none
 * @param canaryPercent the first batch's share of the traffic while it bakes, judged
 * against the old version's; 0 for no canary
 * @param canary how a canary is judged
 * @param minHealthyWait how long a batch that would leave fewer than {@code minHealthy}
 * instances serving waits for others to serve again before the deploy fails; the health
 * timeout when absent
 */
public record ServicePolicy(int maxUnavailable, int minHealthy, Duration drainTimeout, Duration healthTimeout,
		Duration enableTimeout, DrainDeadline.OnTimeout drainOnTimeout, Duration checkInterval, DeployStrategy strategy,
		List<Integer> sparePorts, boolean downtimeAllowed, Duration bake, int canaryPercent, CanaryThresholds canary,
		Duration minHealthyWait) {

	/** How often a runtime is asked by default. */
	public static final Duration DEFAULT_CHECK_INTERVAL = Duration.ofMillis(100);

	public ServicePolicy {
		if (maxUnavailable < 1) {
			throw new IllegalArgumentException("maxUnavailable must be at least 1, got " + maxUnavailable);
		}
		if (minHealthy < 0) {
			throw new IllegalArgumentException("minHealthy must not be negative, got " + minHealthy);
		}
		if (checkInterval == null || checkInterval.isNegative() || checkInterval.isZero()) {
			throw new IllegalArgumentException("checkInterval must be a positive duration, got " + checkInterval);
		}
		drainOnTimeout = (drainOnTimeout != null) ? drainOnTimeout : DrainDeadline.OnTimeout.FAIL;
		strategy = (strategy != null) ? strategy : DeployStrategy.ROLLING;
		sparePorts = (sparePorts != null) ? List.copyOf(sparePorts) : List.of();
		bake = (bake != null) ? bake : Duration.ZERO;
		if (bake.isNegative()) {
			throw new IllegalArgumentException("bake must not be negative, got " + bake);
		}
		if (canaryPercent < 0 || canaryPercent > DeployRequested.MAX_CANARY_PERCENT) {
			throw new IllegalArgumentException("canaryPercent must be 0-99, got " + canaryPercent);
		}
		canary = (canary != null) ? canary : CanaryThresholds.DEFAULTS;
		minHealthyWait = (minHealthyWait != null) ? minHealthyWait : healthTimeout;
		if (minHealthyWait != null && (minHealthyWait.isNegative() || minHealthyWait.isZero())) {
			throw new IllegalArgumentException("minHealthyWait must be a positive duration, got " + minHealthyWait);
		}
	}

	/**
	 * A policy whose batches wait for instances to serve again as long as a restarted
	 * instance may take to be verified.
	 */
	public ServicePolicy(int maxUnavailable, int minHealthy, Duration drainTimeout, Duration healthTimeout,
			Duration enableTimeout, DrainDeadline.OnTimeout drainOnTimeout, Duration checkInterval,
			DeployStrategy strategy, List<Integer> sparePorts, boolean downtimeAllowed, Duration bake,
			int canaryPercent, CanaryThresholds canary) {
		this(maxUnavailable, minHealthy, drainTimeout, healthTimeout, enableTimeout, drainOnTimeout, checkInterval,
				strategy, sparePorts, downtimeAllowed, bake, canaryPercent, canary, null);
	}

	/**
	 * A policy without bake or canary.
	 */
	public ServicePolicy(int maxUnavailable, int minHealthy, Duration drainTimeout, Duration healthTimeout,
			Duration enableTimeout, DrainDeadline.OnTimeout drainOnTimeout, Duration checkInterval,
			DeployStrategy strategy, List<Integer> sparePorts, boolean downtimeAllowed) {
		this(maxUnavailable, minHealthy, drainTimeout, healthTimeout, enableTimeout, drainOnTimeout, checkInterval,
				strategy, sparePorts, downtimeAllowed, Duration.ZERO, 0, CanaryThresholds.DEFAULTS);
	}

	/**
	 * A policy that lets no request accept downtime.
	 */
	public ServicePolicy(int maxUnavailable, int minHealthy, Duration drainTimeout, Duration healthTimeout,
			Duration enableTimeout, DrainDeadline.OnTimeout drainOnTimeout, Duration checkInterval,
			DeployStrategy strategy, List<Integer> sparePorts) {
		this(maxUnavailable, minHealthy, drainTimeout, healthTimeout, enableTimeout, drainOnTimeout, checkInterval,
				strategy, sparePorts, false);
	}

	/**
	 * A policy for rolling deploys only.
	 */
	public ServicePolicy(int maxUnavailable, int minHealthy, Duration drainTimeout, Duration healthTimeout,
			Duration enableTimeout, DrainDeadline.OnTimeout drainOnTimeout, Duration checkInterval) {
		this(maxUnavailable, minHealthy, drainTimeout, healthTimeout, enableTimeout, drainOnTimeout, checkInterval,
				DeployStrategy.ROLLING, List.of());
	}

	public ServicePolicy(int maxUnavailable, int minHealthy, Duration drainTimeout, Duration healthTimeout,
			Duration enableTimeout, DrainDeadline.OnTimeout drainOnTimeout) {
		this(maxUnavailable, minHealthy, drainTimeout, healthTimeout, enableTimeout, drainOnTimeout,
				DEFAULT_CHECK_INTERVAL);
	}

	public ServicePolicy withStrategy(DeployStrategy chosen) {
		return new ServicePolicy(this.maxUnavailable, this.minHealthy, this.drainTimeout, this.healthTimeout,
				this.enableTimeout, this.drainOnTimeout, this.checkInterval, chosen, this.sparePorts,
				this.downtimeAllowed, this.bake, this.canaryPercent, this.canary, this.minHealthyWait);
	}

	/**
	 * The policy with a deploy's own bake and canary share, as it started with them.
	 */
	public ServicePolicy withBake(Duration chosenBake, int chosenCanaryPercent) {
		return new ServicePolicy(this.maxUnavailable, this.minHealthy, this.drainTimeout, this.healthTimeout,
				this.enableTimeout, this.drainOnTimeout, this.checkInterval, this.strategy, this.sparePorts,
				this.downtimeAllowed, chosenBake, chosenCanaryPercent, this.canary, this.minHealthyWait);
	}

	/**
	 * The policy with another floor of serving instances: 0 for a deploy that accepted
	 * downtime.
	 */
	public ServicePolicy withMinHealthy(int floor) {
		return new ServicePolicy(this.maxUnavailable, floor, this.drainTimeout, this.healthTimeout, this.enableTimeout,
				this.drainOnTimeout, this.checkInterval, this.strategy, this.sparePorts, this.downtimeAllowed,
				this.bake, this.canaryPercent, this.canary, this.minHealthyWait);
	}

	/**
	 * What every closing command of a deploy tells the nodes: how long the drain may
	 * take, what the deploy does with what is still open then, and, where instances must
	 * keep serving, that a draining instance stands by for the ones that die meanwhile.
	 */
	public DrainDeadline drainDeadline() {
		return DrainDeadline.of(this.drainTimeout, this.drainOnTimeout, this.minHealthy > 0);
	}

	public boolean hasCanary() {
		return this.canaryPercent > 0;
	}

	ServicePolicy overriddenBy(DeployRequested request) {
		return new ServicePolicy((request.batchSize() != null) ? request.batchSize() : this.maxUnavailable,
				this.minHealthy, (request.drainTimeout() != null) ? request.drainTimeout() : this.drainTimeout,
				(request.healthTimeout() != null) ? request.healthTimeout() : this.healthTimeout, this.enableTimeout,
				(request.drainOnTimeout() != null) ? request.drainOnTimeout() : this.drainOnTimeout, this.checkInterval,
				(request.strategy() != null) ? request.strategy() : this.strategy, this.sparePorts,
				this.downtimeAllowed, (request.bake() != null) ? request.bake() : this.bake,
				(request.canaryPercent() != null) ? request.canaryPercent() : this.canaryPercent, this.canary,
				this.minHealthyWait);
	}

}
