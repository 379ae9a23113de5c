package dev.baton.deployer.runtime;

import java.nio.file.Path;
import java.time.Duration;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.function.Function;

import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

import dev.baton.contracts.ServiceName;
import dev.baton.contracts.Version;
import dev.baton.deployer.rollout.InstanceRuntime;
import dev.baton.deployer.rollout.ProcessWatch;
import dev.baton.deployer.rollout.RestartResult;
import dev.baton.deployer.rollout.plan.DeployTarget;

/**
 * Restarts instances by running their service's configured commands in order (for
 * instance activate then restart, or stop, activate, start), stopping at the first that
 * fails. Only validated values reach an argument: the service name, the instance id, the
 * endpoint and the version. A hook a killed deployer left running for the instance is
 * stopped first. A service's optional check command tells whether the instance's process
 * still runs: exit 0 while it does. For surge deploys, a new instance is started with
 * activate then start, and an instance is stopped for good with stop.
 */
public final class CommandRuntime implements InstanceRuntime {

	private static final Logger logger = LoggerFactory.getLogger(CommandRuntime.class);

	/** A check is asked often: one that takes longer than this has not answered. */
	static final Duration CHECK_TIMEOUT = Duration.ofSeconds(5);

	private final Map<ServiceName, Commands> commands;

	private final CommandRunner runner;

	/**
	 * @param commands per service, its commands
	 * @param workDirectory where the pids of running hooks are kept
	 */
	public CommandRuntime(Map<ServiceName, Commands> commands, Path workDirectory) {
		this.commands = Map.copyOf(commands);
		this.runner = new CommandRunner(workDirectory);
	}

	@Override
	public RestartResult restart(ServiceName service, DeployTarget target, Version version)
			throws InterruptedException {
		return run(service, target, version, Commands::sequence, true);
	}

	@Override
	public RestartResult start(ServiceName service, DeployTarget target, Version version) throws InterruptedException {
		return run(service, target, version, Commands::launch, true);
	}

	@Override
	public RestartResult stop(ServiceName service, DeployTarget target) throws InterruptedException {
		return run(service, target, target.previousVersion(), Commands::retire, false);
	}

	@Override
	public ProcessWatch watch(ServiceName service, DeployTarget target) {
		Commands configured = this.commands.get(service);
		return (configured == null) ? ProcessWatch.NONE
				: configured.check()
					.map((check) -> check(check.fill(ArgvTemplate.values(service, target, target.previousVersion())),
							configured.timeout()))
					.orElse(ProcessWatch.NONE);
	}

	private RestartResult run(ServiceName service, DeployTarget target, Version version,
			Function<Commands, List<ArgvTemplate>> which, boolean watched) throws InterruptedException {
		Commands configured = this.commands.get(service);
		if (configured == null) {
			return new RestartResult(CommandRunner.NOT_COMPLETED, "no runtime is configured for " + service);
		}
		List<ArgvTemplate> sequence = which.apply(configured);
		if (sequence.isEmpty()) {
			return new RestartResult(CommandRunner.NOT_COMPLETED,
					"the runtime of " + service + " has no start and stop commands (runtime.start, runtime.stop)");
		}
		Map<String, String> values = ArgvTemplate.values(service, target, version);
		CommandRunner.Hook hook = this.runner.begin(service, target);
		StringBuilder stderr = new StringBuilder();
		if (hook.stoppedLeftOver()) {
			stderr.append("stopped the restart hook a previous deployer left running\n");
		}
		CommandRunner.Ran result = new CommandRunner.Ran(0, "", "");
		for (ArgvTemplate template : sequence) {
			result = this.runner.run(hook, template.fill(values), configured.timeout());
			stderr.append(result.stderr());
			if (!result.succeeded()) {
				break;
			}
		}
		String tail = OutputTail.of(stderr.toString());
		ProcessWatch watch = configured.check()
			.filter((check) -> watched)
			.map((check) -> check(check.fill(values), configured.timeout()))
			.orElse(ProcessWatch.NONE);
		return new RestartResult(result.exitCode(), tail, watch);
	}

	private ProcessWatch check(List<String> argv, Duration timeout) {
		Duration checkTimeout = (timeout.compareTo(CHECK_TIMEOUT) < 0) ? timeout : CHECK_TIMEOUT;
		return () -> {
			CommandRunner.Ran ran = this.runner.runUnrecorded(argv, checkTimeout);
			if (ran.exitCode() == CommandRunner.NOT_COMPLETED) {
				logger.warn("The check {} did not answer: {}", argv, ran.words());
				return Optional.empty();
			}
			if (ran.succeeded()) {
				return Optional.empty();
			}
			String words = ran.words();
			return Optional
				.of("check " + argv.get(0) + " exited with " + ran.exitCode() + (words.isBlank() ? "" : ": " + words));
		};
	}

	/**
	 * The commands of one service, in the order they run.
	 *
	 * @param sequence the commands that restart an instance
	 * @param check tells whether the instance's process runs, if configured
	 * @param timeout how long each may take
	 * @param launch the commands that start a new instance on a spare endpoint (activate,
	 * start); empty when the service has no start command
	 * @param retire the command that stops an instance for good; empty when the service
	 * has no stop command
	 */
	public record Commands(List<ArgvTemplate> sequence, Optional<ArgvTemplate> check, Duration timeout,
			List<ArgvTemplate> launch, List<ArgvTemplate> retire) {

		public Commands {
			sequence = List.copyOf(sequence);
			launch = List.copyOf(launch);
			retire = List.copyOf(retire);
		}

		/**
		 * Commands that restart instances, and nothing else.
		 * @param sequence the commands
		 * @param check tells whether the instance's process runs, if configured
		 * @param timeout how long each may take
		 */
		public Commands(List<ArgvTemplate> sequence, Optional<ArgvTemplate> check, Duration timeout) {
			this(sequence, check, timeout, List.of(), List.of());
		}

		/**
		 * Commands without a check.
		 * @param sequence the commands
		 * @param timeout how long each may take
		 */
		public Commands(List<ArgvTemplate> sequence, Duration timeout) {
			this(sequence, Optional.empty(), timeout);
		}

	}

}
