package dev.baton.deployer.runtime;

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
 * endpoint and the version.
 */
public final class CommandRuntime implements InstanceRuntime {

	private final Map<ServiceName, Commands> commands;

	private final CommandRunner runner = new CommandRunner();

	public CommandRuntime(Map<ServiceName, Commands> commands) {
		this.commands = Map.copyOf(commands);
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
		StringBuilder stderr = new StringBuilder();
		RestartResult result = new RestartResult(0, "");
		for (ArgvTemplate template : configured.sequence()) {
			result = this.runner.run(template.fill(values), configured.timeout());
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
