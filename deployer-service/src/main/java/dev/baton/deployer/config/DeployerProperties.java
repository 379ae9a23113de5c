package dev.baton.deployer.config;

import java.nio.file.Path;
import java.time.Duration;
import java.util.List;
import java.util.Map;
import java.util.Set;

import jakarta.validation.Valid;
import jakarta.validation.constraints.Min;
import jakarta.validation.constraints.NotNull;

import org.springframework.boot.context.properties.ConfigurationProperties;
import org.springframework.boot.context.properties.bind.DefaultValue;
import org.springframework.validation.annotation.Validated;

import dev.baton.contracts.ServiceName;
import dev.baton.contracts.deploy.DeployRequested;
import dev.baton.contracts.deploy.DeployStrategy;
import dev.baton.contracts.nginx.DrainDeadline;
import dev.baton.deployer.canary.CanaryThresholds;
import dev.baton.deployer.rollout.plan.ServicePolicy;
import dev.baton.state.StateHome;

/**
 * The deployer's settings: how each service is deployed and restarted.
 *
 * @param services per service name, its runtime commands and rollout policy; a service
 * without an entry cannot be deployed
 * @param nodeExpiry how long an nginx node may stay silent before it is no longer waited
 * for; {@code nginx.events} is read back this far at start-up
 * @param replicaId names this replica, the same across its restarts (its static
 * membership of the {@code deploy.requests} group)
 * @param workDir where the deployer keeps what must survive a kill of its process (the
 * pids of running restart hooks), private to its user; by default
 * {@code /var/lib/baton/deployer/<replica-id>} for root,
 * {@code ~/.local/state/baton/deployer/<replica-id>} (or under {@code $XDG_STATE_HOME})
 * for anyone else
 */
@Validated
@ConfigurationProperties("baton.deployer")
public record DeployerProperties(@DefaultValue Map<String, @Valid Service> services,
		@DefaultValue("10m") Duration nodeExpiry, @DefaultValue("deployer-service") String replicaId, Path workDir) {

	public DeployerProperties {
		services.keySet().forEach(ServiceName::of);
		positive("baton.deployer.node-expiry", nodeExpiry);
		if (!replicaId.matches("[A-Za-z0-9][A-Za-z0-9._-]{0,127}")) {
			throw new IllegalArgumentException(
					"baton.deployer.replica-id must be letters, digits, '.', '_' or '-', got " + replicaId);
		}
		workDir = (workDir != null) ? workDir : StateHome.current().resolve("deployer").resolve(replicaId);
	}

	static void positive(String property, Duration duration) {
		if (duration == null || duration.isNegative() || duration.isZero()) {
			throw new IllegalArgumentException(property + " must be a positive duration, got " + duration);
		}
	}

	/**
	 * How one service is deployed.
	 *
	 * @param runtime how a version is put on an instance and the instance restarted
	 * @param maxUnavailable instances out of rotation at once
	 * @param minHealthy instances that keep serving throughout
	 * @param drain how long every live nginx node may take to drain an instance, and what
	 * a rollout does with one still holding connections then
	 * @param healthTimeout how long a restarted instance may take to be verified
	 * @param enableTimeout how long every live node may take to report a peer up again
	 * @param strategy how a deploy replaces the running version unless its request says:
	 * {@code rolling} or {@code surge}
	 * @param surge where surge deploys start new instances
	 * @param allowDowntime whether a deploy request may accept downtime for this service
	 * (a single instance deployed, or min-healthy ignored); refused otherwise
	 * @param bake how long a deploy waits after each batch is back in rotation before the
	 * next, unless its request says; {@code 0s} for none
	 * @param canary the canary a deploy starts with unless its request says, and how it
	 * is judged
	 * @param minHealthyWait how long a batch that would leave fewer than
	 * {@code min-healthy} instances serving waits for others to serve again before the
	 * deploy fails; the health timeout when not set
	 */
	public record Service(@Valid @NotNull RuntimeProperties runtime, @DefaultValue("1") @Min(1) int maxUnavailable,
			@DefaultValue("1") @Min(0) int minHealthy, @DefaultValue Drain drain,
			@DefaultValue("60s") Duration healthTimeout, @DefaultValue("30s") Duration enableTimeout,
			@DefaultValue("rolling") DeployStrategy strategy, @DefaultValue Surge surge,
			@DefaultValue("false") boolean allowDowntime, @DefaultValue("0s") Duration bake,
			@DefaultValue Canary canary, Duration minHealthyWait) {

		public Service {
			positive("health-timeout", healthTimeout);
			positive("enable-timeout", enableTimeout);
			if (minHealthyWait != null) {
				positive("min-healthy-wait", minHealthyWait);
			}
			if (!surge.ports().isEmpty() && runtime != null && !runtime.surges()) {
				throw new IllegalArgumentException("surge.ports needs a runtime that starts and stops instances:"
						+ " runtime.start and runtime.stop for runtime.kind=command");
			}
			if (strategy == DeployStrategy.SURGE && surge.ports().isEmpty()) {
				throw new IllegalArgumentException("strategy=surge needs spare ports (surge.ports)");
			}
			if (bake.isNegative()) {
				throw new IllegalArgumentException("bake must not be negative, got " + bake);
			}
			if (canary.percent() > 0 && bake.isZero()) {
				throw new IllegalArgumentException("canary.percent needs a bake to judge the canary over (bake)");
			}
		}

		ServicePolicy policy() {
			return new ServicePolicy(this.maxUnavailable, this.minHealthy, this.drain.timeout(), this.healthTimeout,
					this.enableTimeout, this.drain.onTimeout(), this.runtime.checkInterval(), this.strategy,
					this.surge.ports(), this.allowDowntime, this.bake, this.canary.percent(), this.canary.thresholds(),
					this.minHealthyWait);
		}

	}

	/**
	 * A service's drains (under {@code drain.}): every closing command of its deploys
	 * carries them, and each nginx node times the drain itself.
	 *
	 * @param timeout how long every live nginx node may take to see the instance reach
	 * zero requests in flight; a WebSocket, an event stream or a long poll is in flight
	 * until it closes
	 * @param onTimeout what a rollout does with an instance still holding connections at
	 * the timeout: {@code fail} (the default: it is not restarted, its gate reopens and
	 * the deploy fails naming the node and how many were open) or {@code proceed} (it
	 * gets SIGTERM with them open, and the app closes them: clients reconnect to another
	 * instance). A rollback always proceeds: the instance must go back to its version
	 */
	public record Drain(@DefaultValue("30s") Duration timeout,
			@DefaultValue("fail") DrainDeadline.OnTimeout onTimeout) {

		public Drain {
			positive("drain.timeout", timeout);
		}

	}

	/**
	 * A service's canary (under {@code canary.}): the first batch of each deploy gets a
	 * share of the traffic while it bakes, and its figures are compared with the old
	 * version's over the same time.
	 *
	 * @param percent the canary's share of the traffic, in percent; 0 for no canary
	 * @param maxAddedErrorPercent how many more percent of the canary's requests may fail
	 * than of the old version's
	 * @param maxP99Ratio how many times the old version's p99 latency the canary's may be
	 * @param p99Floor p99 latencies below it count as it
	 * @param minRequests requests the canary needs before it is judged
	 * @param promoteBelowMinRequests whether a canary with fewer by the end of its bake
	 * is promoted rather than rolled back
	 */
	public record Canary(@DefaultValue("0") int percent, @DefaultValue("1.0") double maxAddedErrorPercent,
			@DefaultValue("1.5") double maxP99Ratio, @DefaultValue("25ms") Duration p99Floor,
			@DefaultValue("100") long minRequests, @DefaultValue("false") boolean promoteBelowMinRequests) {

		public Canary {
			if (percent < 0 || percent > DeployRequested.MAX_CANARY_PERCENT) {
				throw new IllegalArgumentException("canary.percent must be 0 (none) or 1-"
						+ DeployRequested.MAX_CANARY_PERCENT + ", got " + percent);
			}
			try {
				thresholds(maxAddedErrorPercent, maxP99Ratio, p99Floor, minRequests, promoteBelowMinRequests);
			}
			catch (IllegalArgumentException ex) {
				throw new IllegalArgumentException("canary." + ex.getMessage(), ex);
			}
		}

		CanaryThresholds thresholds() {
			return thresholds(this.maxAddedErrorPercent, this.maxP99Ratio, this.p99Floor, this.minRequests,
					this.promoteBelowMinRequests);
		}

		private static CanaryThresholds thresholds(double maxAddedErrorPercent, double maxP99Ratio, Duration p99Floor,
				long minRequests, boolean promoteBelowMinRequests) {
			return new CanaryThresholds(maxAddedErrorPercent, maxP99Ratio, p99Floor, minRequests,
					promoteBelowMinRequests);
		}

	}

	/**
	 * Where a surge deploy starts new instances.
	 *
	 * @param ports spare ports, on the host of the instance each new one replaces; a port
	 * a registered instance uses is skipped
	 */
	public record Surge(@DefaultValue List<Integer> ports) {

		public Surge {
			ports = (ports != null) ? List.copyOf(ports) : List.of();
			for (int port : ports) {
				if (port < 1 || port > 65535) {
					throw new IllegalArgumentException("surge.ports must be 1-65535, got " + port);
				}
			}
			if (Set.copyOf(ports).size() != ports.size()) {
				throw new IllegalArgumentException("surge.ports lists a port twice: " + ports);
			}
		}

	}

}
