package dev.baton.deployer.runtime;

import java.nio.file.Path;
import java.time.Duration;
import java.util.List;
import java.util.Map;

import dev.baton.contracts.ServiceName;
import dev.baton.contracts.Version;
import dev.baton.deployer.rollout.InstanceRuntime;
import dev.baton.deployer.rollout.RestartResult;
import dev.baton.deployer.rollout.Target;

/**
 * Restarts instances by running their service's configured commands in order (for
 * instance activate then restart, or stop, activate, start), stopping at the first that
 * fails. Only validated values reach an argument: the service name, the instance id, the
 * endpoint and the version. A hook a killed deployer left running for the instance is
 * stopped first.
 */
public final class CommandRuntime implements InstanceRuntime {

	private final Map<ServiceName, Commands> commands;

	private final HookPids pids;

	private final CommandRunner runner;

	/**
	 * @param commands per service, its commands
	 * @param workDirectory where the pids of running hooks are kept
	 */
	public CommandRuntime(Map<ServiceName, Commands> commands, Path workDirectory) {
		this.commands = Map.copyOf(commands);
		this.pids = new HookPids(workDirectory);
		this.runner = new CommandRunner(this.pids);
	}

	@Override
	public RestartResult restart(ServiceName service, Target target, Version version) throws InterruptedException {
		Commands configured = this.commands.get(service);
		if (configured == null) {
			return new RestartResult(CommandRunner.NOT_COMPLETED, "no runtime is configured for " + service);
		}
		Map<String, String> values = Map.of("service", service.value(), "instanceId", target.instanceId().value(),
				"host", target.endpoint().host(), "port", String.valueOf(target.endpoint().port()), "version",
				version.value());
		String hook = service.value() + "." + target.instanceId().value();
		StringBuilder stderr = new StringBuilder();
		if (this.pids.stopLeftOver(hook)) {
			stderr.append("stopped the restart hook a previous deployer left running\n");
		}
		RestartResult result = new RestartResult(0, "");
		for (ArgvTemplate template : configured.sequence()) {
			result = this.runner.run(hook, template.fill(values), configured.timeout());
			stderr.append(result.stderr());
			if (!result.succeeded()) {
				break;
			}
		}
		String tail = (stderr.length() <= CommandRunner.STDERR_TAIL_CHARS) ? stderr.toString()
				: stderr.substring(stderr.length() - CommandRunner.STDERR_TAIL_CHARS);
		return new RestartResult(result.exitCode(), tail);
	}

	/**
	 * The commands of one service, in the order they run.
	 *
	 * @param sequence the commands
	 * @param timeout how long each may take
	 */
	public record Commands(List<ArgvTemplate> sequence, Duration timeout) {

		public Commands {
			sequence = List.copyOf(sequence);
		}

	}

}
