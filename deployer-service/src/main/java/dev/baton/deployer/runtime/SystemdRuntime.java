package dev.baton.deployer.runtime;

import java.nio.file.Path;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.Optional;

import dev.baton.contracts.ServiceName;
import dev.baton.contracts.Version;
import dev.baton.deployer.rollout.InstanceRuntime;
import dev.baton.deployer.rollout.ProcessWatch;
import dev.baton.deployer.rollout.RestartResult;
import dev.baton.deployer.rollout.plan.DeployTarget;

/**
 * Restarts the instances of one service as systemd units: the optional activate command,
 * then {@code systemctl restart UNIT}, all as argv, never through a shell. What
 * {@code systemctl show} says right after the restart is what later looks are compared
 * with: a unit that failed, that systemd restarted or whose main process changed has
 * crashed.
 */
public final class SystemdRuntime implements InstanceRuntime {

	private final List<String> systemctl;

	private final ArgvTemplate unit;

	private final Optional<ArgvTemplate> activate;

	private final Duration timeout;

	private final CommandRunner runner;

	/**
	 * @param systemctl the program and its leading arguments ({@code systemctl}, or
	 * {@code systemctl --user})
	 * @param unit the instance's unit, a template ({@code {service}@{port}.service})
	 * @param activate makes the version the one the instance will run, if needed
	 * @param timeout how long each command may run
	 * @param workDirectory where the pids of running commands are kept
	 */
	public SystemdRuntime(List<String> systemctl, String unit, Optional<ArgvTemplate> activate, Duration timeout,
			Path workDirectory) {
		this.systemctl = List.copyOf(systemctl);
		this.unit = new ArgvTemplate(List.of(unit));
		this.activate = activate;
		this.timeout = timeout;
		this.runner = new CommandRunner(workDirectory);
	}

	@Override
	public RestartResult restart(ServiceName service, DeployTarget target, Version version)
			throws InterruptedException {
		return run(service, target, version, "restart");
	}

	@Override
	public RestartResult start(ServiceName service, DeployTarget target, Version version) throws InterruptedException {
		return run(service, target, version, "start");
	}

	@Override
	public RestartResult stop(ServiceName service, DeployTarget target) throws InterruptedException {
		Map<String, String> values = ArgvTemplate.values(service, target, target.previousVersion());
		CommandRunner.Ran stopped = this.runner.run(this.runner.begin(service, target), unitArgv("stop", values),
				this.timeout);
		return new RestartResult(stopped.exitCode(), stopped.stderr());
	}

	@Override
	public ProcessWatch watch(ServiceName service, DeployTarget target) throws InterruptedException {
		List<String> show = showArgv(ArgvTemplate.values(service, target, target.previousVersion()));
		return show(show).<ProcessWatch>map((state) -> new SystemdWatch(show, state)).orElse(ProcessWatch.NONE);
	}

	private RestartResult run(ServiceName service, DeployTarget target, Version version, String verb)
			throws InterruptedException {
		Map<String, String> values = ArgvTemplate.values(service, target, version);
		CommandRunner.Hook hook = this.runner.begin(service, target);
		CommandRunner.Ran activated = this.runner.runIfPresent(hook, this.activate, values, this.timeout);
		if (!activated.succeeded()) {
			return new RestartResult(activated.exitCode(), activated.stderr());
		}
		CommandRunner.Ran ran = this.runner.run(hook, unitArgv(verb, values), this.timeout);
		if (!ran.succeeded()) {
			return new RestartResult(ran.exitCode(), ran.stderr());
		}
		List<String> show = showArgv(values);
		Optional<UnitState> after = show(show);
		return new RestartResult(0, ran.stderr(),
				after.<ProcessWatch>map((state) -> new SystemdWatch(show, state)).orElse(ProcessWatch.NONE));
	}

	List<String> restartArgv(Map<String, String> values) {
		return unitArgv("restart", values);
	}

	private List<String> unitArgv(String verb, Map<String, String> values) {
		return argv(verb, this.unit.fill(values).get(0));
	}

	List<String> showArgv(Map<String, String> values) {
		return argv("show", "-p", UnitState.PROPERTIES, this.unit.fill(values).get(0));
	}

	private List<String> argv(String... arguments) {
		List<String> argv = new ArrayList<>(this.systemctl);
		argv.addAll(List.of(arguments));
		return argv;
	}

	private Optional<UnitState> show(List<String> argv) throws InterruptedException {
		Duration timeout = (this.timeout.compareTo(CommandRuntime.CHECK_TIMEOUT) < 0) ? this.timeout
				: CommandRuntime.CHECK_TIMEOUT;
		CommandRunner.Ran shown = this.runner.runUnrecorded(argv, timeout);
		try {
			if (!shown.succeeded()) {
				throw new IllegalStateException(argv + " exited with " + shown.exitCode() + ": " + shown.words());
			}
			return Optional.of(UnitState.parse(shown.stdout()));
		}
		catch (IllegalArgumentException | IllegalStateException ex) {
			WatchLog.cannotAsk(argv.get(argv.size() - 1), ex, false);
			return Optional.empty();
		}
	}

	/** Compares each look at the unit with the one right after the restart. */
	private final class SystemdWatch implements ProcessWatch {

		private final List<String> show;

		private final UnitState after;

		SystemdWatch(List<String> show, UnitState after) {
			this.show = show;
			this.after = after;
		}

		@Override
		public Optional<String> crashed() throws InterruptedException {
			return show(this.show).flatMap((now) -> now.crashedSince(this.after));
		}

	}

}
