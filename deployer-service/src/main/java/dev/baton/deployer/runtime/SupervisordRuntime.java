package dev.baton.deployer.runtime;

import java.io.IOException;
import java.nio.file.Path;
import java.time.Duration;
import java.util.List;
import java.util.Map;
import java.util.Optional;

import dev.baton.contracts.ServiceName;
import dev.baton.contracts.Version;
import dev.baton.deployer.rollout.InstanceRuntime;
import dev.baton.deployer.rollout.RestartResult;
import dev.baton.deployer.rollout.Target;
import dev.baton.deployer.runtime.supervisord.SupervisorClient;
import dev.baton.deployer.runtime.supervisord.SupervisorFault;

/**
 * Restarts the instances of one service under supervisord, through its XML-RPC API. An
 * instance is one program, restarted in place, or a group of two programs
 * ({@code <program>-a}, {@code <program>-b}) that take turns: the running one is asked to
 * stop and the other starts as soon as the old process no longer listens on the
 * instance's port, while the old one finishes its shutdown. The restart returns once the
 * new process is spawned; its pid is then watched.
 */
public final class SupervisordRuntime implements InstanceRuntime {

	private final SupervisorClient supervisor;

	private final ArgvTemplate program;

	private final Optional<ArgvTemplate> activate;

	private final Duration timeout;

	private final CommandRunner runner;

	/**
	 * @param supervisor the supervisord that runs the service's instances
	 * @param program the instance's program or group name, a template
	 * ({@code {instanceId}})
	 * @param activate makes the version the one the instance will run, if needed
	 * @param timeout how long the activate command, and the stop and start, may take
	 * @param workDirectory where the pids of running activate commands are kept
	 */
	public SupervisordRuntime(SupervisorClient supervisor, String program, Optional<ArgvTemplate> activate,
			Duration timeout, Path workDirectory) {
		this.supervisor = supervisor;
		this.program = new ArgvTemplate(List.of(program));
		this.activate = activate;
		this.timeout = timeout;
		this.runner = new CommandRunner(workDirectory);
	}

	@Override
	public RestartResult restart(ServiceName service, Target target, Version version) throws InterruptedException {
		Map<String, String> values = ArgvTemplate.values(service, target, version);
		CommandRunner.Hook hook = this.runner.begin(service, target);
		String name = this.program.fill(values).get(0);
		try {
			return new SupervisordRestart(this.supervisor, this.timeout, name, target)
				.run(() -> activate(hook, values));
		}
		catch (IOException | SupervisorFault ex) {
			return new RestartResult(CommandRunner.NOT_COMPLETED,
					target.instanceId() + ": " + ex.getMessage() + " (supervisord at " + this.supervisor + ")");
		}
	}

	private CommandRunner.Ran activate(CommandRunner.Hook hook, Map<String, String> values)
			throws InterruptedException {
		return this.activate.isEmpty() ? new CommandRunner.Ran(0, "", "")
				: this.runner.run(hook, this.activate.get().fill(values), this.timeout);
	}

}
