package dev.baton.deployer.rollout;

import java.time.Duration;

import dev.baton.contracts.deploy.DeployRequested;

/**
 * How one service is deployed: batch size, the floor of serving instances and how long
 * each wait may take. A request may override the batch size and two timeouts.
 *
 * @param maxUnavailable instances taken out of rotation at once
 * @param minHealthy instances that keep serving throughout
 * @param drainTimeout how long every live node may take to report a peer drained
 * @param healthTimeout how long a restarted instance may take to be verified
 * @param enableTimeout how long every live node may take to report a peer up again
 * @param drainTimeoutFatal whether a drain that times out fails the deploy
 */
public record ServicePolicy(int maxUnavailable, int minHealthy, Duration drainTimeout, Duration healthTimeout,
		Duration enableTimeout, boolean drainTimeoutFatal) {

	public ServicePolicy {
		if (maxUnavailable < 1) {
			throw new IllegalArgumentException("maxUnavailable must be at least 1, got " + maxUnavailable);
		}
		if (minHealthy < 0) {
			throw new IllegalArgumentException("minHealthy must not be negative, got " + minHealthy);
		}
	}

	ServicePolicy overriddenBy(DeployRequested request) {
		return new ServicePolicy((request.batchSize() != null) ? request.batchSize() : this.maxUnavailable,
				this.minHealthy, (request.drainTimeout() != null) ? request.drainTimeout() : this.drainTimeout,
				(request.healthTimeout() != null) ? request.healthTimeout() : this.healthTimeout, this.enableTimeout,
				this.drainTimeoutFatal);
	}

}
