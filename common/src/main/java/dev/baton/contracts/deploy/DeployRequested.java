package dev.baton.contracts.deploy;

import java.time.Duration;
import java.time.Instant;
import java.util.Objects;

import dev.baton.contracts.DeployId;
import dev.baton.contracts.ServiceName;
import dev.baton.contracts.Version;
import dev.baton.contracts.nginx.DrainDeadline;

/**
 * CI asks for a version of a service on every instance. Optional fields fall back to the
 * deployer's per-service configuration.
 *
 * <pre>
 * {"type":"DeployRequested","deployId":"ci-4711","service":"orders","version":"v2","requestedBy":"ci"}
 * {"type":"DeployRequested","deployId":"ci-4712","service":"orders","version":"v3","drainTimeout":"PT2M","drainOnTimeout":"PROCEED"}
 * </pre>
 *
 * @param deployId chosen by the requester; steps and the verdict carry it
 * @param service the service to deploy
 * @param version the version to put on every instance
 * @param batchSize instances taken out of rotation at once; absent for the configured
 * default
 * @param drainTimeout how long to wait for in-flight requests to end, ISO-8601
 * ({@code PT30S})
 * @param healthTimeout how long a restarted instance may take to be healthy on the new
 * version
 * @param allowDowntime whether a service with one instance may be deployed (it stops
 * serving)
 * @param requestedBy who asked, for the audit trail
 * @param at when; now when absent
 * @param strategy rolling or surge; absent for the service's configured default
 * @param bake how long the deploy waits after each batch is back in rotation before the
 * next one (and judges a canary over), ISO-8601; absent for the service's default,
 * {@code PT0S} for none
 * @param canaryPercent the share of the traffic, in percent (1-99), the first batch's new
 * instances get while they bake, judged against the old version's before the deploy goes
 * on; absent for the service's default, 0 for no canary
 * @param dryRun only plan: the deployer answers with {@link DeployPlanned} (or
 * {@link DeployRejected}) and touches nothing
 * @param drainOnTimeout what happens to an instance whose drain runs out of time with
 * connections still open ({@code "FAIL"}: not restarted, the deploy fails;
 * {@code "PROCEED"}: restarted with them open, the app closes them); absent for the
 * service's configured {@code drain.on-timeout}
 */
public record DeployRequested(DeployId deployId, ServiceName service, Version version, Integer batchSize,
		Duration drainTimeout, Duration healthTimeout, boolean allowDowntime, String requestedBy, Instant at,
		DeployStrategy strategy, Duration bake, Integer canaryPercent, boolean dryRun,
		DrainDeadline.OnTimeout drainOnTimeout) implements DeployRequest {

	/** The largest canary share, in percent: a canary is a minority of the traffic. */
	public static final int MAX_CANARY_PERCENT = 99;

	public DeployRequested {
		Objects.requireNonNull(deployId, "deployId is required");
		Objects.requireNonNull(service, "service is required");
		Objects.requireNonNull(version, "version is required");
		if (batchSize != null && batchSize < 1) {
			throw new IllegalArgumentException("batchSize must be at least 1, got " + batchSize);
		}
		requirePositive("drainTimeout", drainTimeout);
		requirePositive("healthTimeout", healthTimeout);
		if (bake != null && bake.isNegative()) {
			throw new IllegalArgumentException("bake must not be negative, got " + bake);
		}
		if (canaryPercent != null && (canaryPercent < 0 || canaryPercent > MAX_CANARY_PERCENT)) {
			throw new IllegalArgumentException(
					"canaryPercent must be 0 (none) or 1-" + MAX_CANARY_PERCENT + ", got " + canaryPercent);
		}
		requestedBy = (requestedBy != null) ? requestedBy : "unknown";
		at = (at != null) ? at : Instant.now();
	}

	/**
	 * A request with the service's configured drain policy.
	 */
	public DeployRequested(DeployId deployId, ServiceName service, Version version, Integer batchSize,
			Duration drainTimeout, Duration healthTimeout, boolean allowDowntime, String requestedBy, Instant at,
			DeployStrategy strategy, Duration bake, Integer canaryPercent, boolean dryRun) {
		this(deployId, service, version, batchSize, drainTimeout, healthTimeout, allowDowntime, requestedBy, at,
				strategy, bake, canaryPercent, dryRun, null);
	}

	/**
	 * A request with the service's configured bake and canary.
	 */
	public DeployRequested(DeployId deployId, ServiceName service, Version version, Integer batchSize,
			Duration drainTimeout, Duration healthTimeout, boolean allowDowntime, String requestedBy, Instant at,
			DeployStrategy strategy) {
		this(deployId, service, version, batchSize, drainTimeout, healthTimeout, allowDowntime, requestedBy, at,
				strategy, null, null, false);
	}

	/**
	 * A request with the service's configured strategy.
	 */
	public DeployRequested(DeployId deployId, ServiceName service, Version version, Integer batchSize,
			Duration drainTimeout, Duration healthTimeout, boolean allowDowntime, String requestedBy, Instant at) {
		this(deployId, service, version, batchSize, drainTimeout, healthTimeout, allowDowntime, requestedBy, at, null);
	}

	private static void requirePositive(String name, Duration duration) {
		if (duration != null && (duration.isNegative() || duration.isZero())) {
			throw new IllegalArgumentException(name + " must be positive, got " + duration);
		}
	}

}
