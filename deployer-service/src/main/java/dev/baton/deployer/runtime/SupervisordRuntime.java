package dev.baton.deployer.runtime;

import java.io.IOException;
import java.nio.file.Path;
import java.time.Duration;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.concurrent.TimeUnit;

import dev.baton.contracts.ServiceName;
import dev.baton.contracts.Version;
import dev.baton.deployer.rollout.InstanceRuntime;
import dev.baton.deployer.rollout.ProcessWatch;
import dev.baton.deployer.rollout.RestartResult;
import dev.baton.deployer.rollout.plan.DeployTarget;
import dev.baton.deployer.runtime.supervisord.SupervisedProcess;
import dev.baton.deployer.runtime.supervisord.SupervisorClient;
import dev.baton.deployer.runtime.supervisord.SupervisorFault;

/**
 * Restarts the instances of one service under supervisord, through its XML-RPC API. An
 * instance is one program, restarted in place, or a group of two programs
 * ({@code <program>-a}, {@code <program>-b}) that take turns: the running one is asked to
 * stop and the other starts as soon as the old process no longer listens on the
 * instance's port, while the old one finishes its shutdown. The restart returns once the
 * new process is spawned; its pid is then watched. A surge deploy starts a spare
 * endpoint's program the same way, and stops an instance for good by stopping its
 * programs.
 */
public final class SupervisordRuntime implements InstanceRuntime {

	/** supervisord reports a stopping program's state; it is asked again this often. */
	private static final long STOP_POLL_MILLIS = 20;

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
	public RestartResult restart(ServiceName service, DeployTarget target, Version version)
			throws InterruptedException {
		Map<String, String> values = ArgvTemplate.values(service, target, version);
		CommandRunner.Hook hook = this.runner.begin(service, target);
		String name = this.program.fill(values).get(0);
		try {
			return new SupervisordRestart(this.supervisor, this.timeout, name, target)
				.run(() -> this.runner.runIfPresent(hook, this.activate, values, this.timeout));
		}
		catch (IOException | SupervisorFault ex) {
			return new RestartResult(CommandRunner.NOT_COMPLETED,
					target.instanceId() + ": " + ex.getMessage() + " (supervisord at " + this.supervisor + ")");
		}
	}

	/**
	 * Watches the program that runs the instance now; one that is crashing, or no program
	 * running at all, is a crash at the first look.
	 */
	@Override
	public ProcessWatch watch(ServiceName service, DeployTarget target) throws InterruptedException {
		String name = this.program.fill(ArgvTemplate.values(service, target, target.previousVersion())).get(0);
		try {
			List<SupervisedProcess> programs = this.supervisor.processes()
				.stream()
				.filter((process) -> process.group().equals(name))
				.toList();
			Optional<SupervisedProcess> current = programs.stream()
				.filter(SupervisedProcess::running)
				.findFirst()
				.or(() -> programs.stream().filter((process) -> !process.state().equals("STOPPED")).findFirst());
			if (current.isEmpty()) {
				return () -> Optional.of("supervisord runs no program of " + name);
			}
			return new SupervisordWatch(this.supervisor, current.get());
		}
		catch (IOException | SupervisorFault ex) {
			WatchLog.cannotAsk(name, ex, false);
			return ProcessWatch.NONE;
		}
	}

	/**
	 * Starts the spare endpoint's program (or the first of its pair): a restart of a
	 * program that does not run.
	 */
	@Override
	public RestartResult start(ServiceName service, DeployTarget target, Version version) throws InterruptedException {
		return restart(service, target, version);
	}

	/**
	 * Asks every running program of the instance to stop and waits until none runs.
	 */
	@Override
	public RestartResult stop(ServiceName service, DeployTarget target) throws InterruptedException {
		String name = this.program.fill(ArgvTemplate.values(service, target, target.previousVersion())).get(0);
		long deadline = System.nanoTime() + this.timeout.toNanos();
		try {
			while (true) {
				List<SupervisedProcess> running = this.supervisor.processes()
					.stream()
					.filter((process) -> process.group().equals(name)
							&& (process.running() || process.state().equals("STOPPING")))
					.toList();
				if (running.isEmpty()) {
					return new RestartResult(0, target.instanceId() + ": no program of " + name + " runs");
				}
				if (System.nanoTime() > deadline) {
					return new RestartResult(CommandRunner.NOT_COMPLETED, target.instanceId() + ": "
							+ running.get(0).name() + " did not stop within " + this.timeout);
				}
				for (SupervisedProcess process : running) {
					if (!process.state().equals("STOPPING")) {
						this.supervisor.stop(process.spec());
					}
				}
				TimeUnit.MILLISECONDS.sleep(STOP_POLL_MILLIS);
			}
		}
		catch (IOException | SupervisorFault ex) {
			return new RestartResult(CommandRunner.NOT_COMPLETED,
					target.instanceId() + ": " + ex.getMessage() + " (supervisord at " + this.supervisor + ")");
		}
	}

}
