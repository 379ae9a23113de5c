package dev.baton.deployer.config;

import java.nio.file.Path;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.Optional;

import jakarta.validation.Valid;
import jakarta.validation.constraints.Min;
import jakarta.validation.constraints.NotNull;

import org.springframework.boot.context.properties.ConfigurationProperties;
import org.springframework.boot.context.properties.bind.DefaultValue;
import org.springframework.validation.annotation.Validated;

import dev.baton.contracts.ServiceName;
import dev.baton.deployer.rollout.ServicePolicy;
import dev.baton.deployer.runtime.ArgvTemplate;
import dev.baton.deployer.runtime.CommandRuntime;

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
 * pids of running restart hooks); by default a private directory named after the replica
 * in the system's temporary directory
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
		workDir = (workDir != null) ? workDir
				: Path.of(System.getProperty("java.io.tmpdir"), "baton-deployer-" + replicaId);
	}

	static void positive(String property, Duration duration) {
		if (duration == null || duration.isNegative() || duration.isZero()) {
			throw new IllegalArgumentException(property + " must be a positive duration, got " + duration);
		}
	}

	/**
	 * How one service is deployed.
	 *
	 * @param runtime the commands that put a version on an instance and restart it
	 * @param maxUnavailable instances out of rotation at once
	 * @param minHealthy instances that keep serving throughout
	 * @param drainTimeout how long every live nginx node may take to drain a peer
	 * @param healthTimeout how long a restarted instance may take to be verified
	 * @param enableTimeout how long every live node may take to report a peer up again
	 * @param drainTimeoutFatal whether a drain that times out fails the deploy (otherwise
	 * it is recorded and the deploy goes on)
	 */
	public record Service(@Valid @NotNull Runtime runtime, @DefaultValue("1") @Min(1) int maxUnavailable,
			@DefaultValue("1") @Min(0) int minHealthy, @DefaultValue("30s") Duration drainTimeout,
			@DefaultValue("60s") Duration healthTimeout, @DefaultValue("30s") Duration enableTimeout,
			@DefaultValue("false") boolean drainTimeoutFatal) {

		public Service {
			positive("drain-timeout", drainTimeout);
			positive("health-timeout", healthTimeout);
			positive("enable-timeout", enableTimeout);
		}

		ServicePolicy policy() {
			return new ServicePolicy(this.maxUnavailable, this.minHealthy, this.drainTimeout, this.healthTimeout,
					this.enableTimeout, this.drainTimeoutFatal, this.runtime.checkInterval());
		}

	}

	/**
	 * How a service's instances are restarted. Argv templates take the placeholders
	 * {@code {service} {instanceId} {host} {port} {version}}. The {@code command} kind
	 * runs either {@code restart} (after {@code activate}) or both {@code stop} and
	 * {@code start} (around it).
	 *
	 * @param kind who runs the instances' processes
	 * @param activate makes the version the one the instance will run
	 * @param restart restarts the instance
	 * @param stop stops the instance, before activate
	 * @param start starts the instance, after activate
	 * @param check exits 0 while the instance's process runs (ready or not), non-zero
	 * when it does not
	 * @param commandTimeout how long each command may run
	 * @param checkInterval how often the runtime is asked whether a restarted instance
	 * still runs while its verdict is awaited
	 */
	public record Runtime(@DefaultValue("command") RuntimeKind kind, List<String> activate, List<String> restart,
			List<String> stop, List<String> start, List<String> check, @DefaultValue("60s") Duration commandTimeout,
			@DefaultValue("100ms") Duration checkInterval) {

		public Runtime {
			positive("command-timeout", commandTimeout);
			positive("runtime.check-interval", checkInterval);
			if (kind == RuntimeKind.COMMAND) {
				new ArgvTemplate(activate);
				boolean stopStart = stop != null && !stop.isEmpty() && start != null && !start.isEmpty();
				if (!stopStart && (restart == null || restart.isEmpty())) {
					throw new IllegalArgumentException("runtime needs a restart command, or both stop and start");
				}
				commands(activate, restart, stop, start);
			}
			optional(check);
		}

		CommandRuntime.Commands commands() {
			return new CommandRuntime.Commands(commands(this.activate, this.restart, this.stop, this.start),
					optional(this.check), this.commandTimeout);
		}

		private static Optional<ArgvTemplate> optional(List<String> argv) {
			return (argv == null || argv.isEmpty()) ? Optional.empty() : Optional.of(new ArgvTemplate(argv));
		}

		private static List<ArgvTemplate> commands(List<String> activate, List<String> restart, List<String> stop,
				List<String> start) {
			List<ArgvTemplate> sequence = new ArrayList<>();
			boolean stopStart = stop != null && !stop.isEmpty() && start != null && !start.isEmpty();
			if (stopStart) {
				sequence.add(new ArgvTemplate(stop));
			}
			sequence.add(new ArgvTemplate(activate));
			sequence.add(new ArgvTemplate(stopStart ? start : restart));
			return sequence;
		}

	}

}
