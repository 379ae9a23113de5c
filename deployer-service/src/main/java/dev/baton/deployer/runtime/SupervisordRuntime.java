package dev.baton.deployer.runtime;

import java.io.IOException;
import java.net.InetSocketAddress;
import java.net.Socket;
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
import dev.baton.deployer.rollout.Target;
import dev.baton.deployer.runtime.supervisord.SupervisedProcess;
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

	private static final Duration POLL = Duration.ofMillis(5);

	private final SupervisorClient supervisor;

	private final ArgvTemplate program;

	private final Optional<ArgvTemplate> activate;

	private final Duration timeout;

	private final HookPids pids;

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
		this.pids = new HookPids(workDirectory);
		this.runner = new CommandRunner(this.pids);
	}

	@Override
	public RestartResult restart(ServiceName service, Target target, Version version) throws InterruptedException {
		Map<String, String> values = ArgvTemplate.values(service, target, version);
		String hook = service.value() + "." + target.instanceId().value();
		this.pids.stopLeftOver(hook);
		String name = this.program.fill(values).get(0);
		try {
			return new Restart(name, target).run(() -> activate(hook, values));
		}
		catch (IOException | SupervisorFault ex) {
			return new RestartResult(CommandRunner.NOT_COMPLETED,
					target.instanceId() + ": " + ex.getMessage() + " (supervisord at " + this.supervisor + ")");
		}
	}

	private CommandRunner.Ran activate(String hook, Map<String, String> values) throws InterruptedException {
		return this.activate.isEmpty() ? new CommandRunner.Ran(0, "", "")
				: this.runner.run(hook, this.activate.get().fill(values), this.timeout);
	}

	/** The activate command, run once the instance's programs are known. */
	@FunctionalInterface
	private interface Activation {

		CommandRunner.Ran run() throws InterruptedException;

	}

	/**
	 * One restart of one instance, from asking the old process to stop to the new pid.
	 */
	private final class Restart {

		private final String name;

		private final Target target;

		private long began;

		private long deadline;

		Restart(String name, Target target) {
			this.name = name;
			this.target = target;
		}

		RestartResult run(Activation activation) throws IOException, SupervisorFault, InterruptedException {
			List<SupervisedProcess> programs = SupervisordRuntime.this.supervisor.processes()
				.stream()
				.filter((process) -> process.group().equals(this.name))
				.toList();
			List<String> names = programs.stream().map(SupervisedProcess::name).sorted().toList();
			boolean pair = names.equals(List.of(this.name + "-a", this.name + "-b"));
			if (!pair && !names.equals(List.of(this.name))) {
				return new RestartResult(1,
						this.target.instanceId() + ": supervisord has "
								+ (names.isEmpty() ? "no program " + this.name
										: "group " + this.name + " with programs " + names + ", expected " + this.name
												+ " or " + this.name + "-a and " + this.name + "-b"));
			}
			CommandRunner.Ran activated = activation.run();
			if (!activated.succeeded()) {
				return new RestartResult(activated.exitCode(), activated.stderr());
			}
			this.began = System.nanoTime();
			this.deadline = this.began + SupervisordRuntime.this.timeout.toNanos();
			Optional<SupervisedProcess> old = programs.stream()
				.filter(SupervisedProcess::running)
				.min((a, b) -> Boolean.compare(!a.state().equals("RUNNING"), !b.state().equals("RUNNING")));
			String next = !pair ? this.name
					: old.map((running) -> running.name().endsWith("-a") ? this.name + "-b" : this.name + "-a")
						.orElse(this.name + "-a");
			String said = "";
			if (old.isPresent()) {
				stop(old.get(), pair);
				said = "asked " + old.get().name() + " to stop, its port free after " + millis() + " ms; ";
			}
			SupervisedProcess started = start(this.name + ":" + next);
			if (started.dead()) {
				return new RestartResult(1,
						this.target.instanceId() + " crashed during start-up: supervisord says " + started.words());
			}
			said += "started " + next + " (pid " + started.pid() + ") after " + millis() + " ms";
			return new RestartResult(0, this.target.instanceId() + ": " + said,
					new Watch(SupervisordRuntime.this.supervisor, started));
		}

		/**
		 * Waits until the old process has let go of the port: once it no longer listens
		 * when another program takes over, once it has exited in place. A program that
		 * supervisord started again between a crash and the stop is asked again.
		 */
		private void stop(SupervisedProcess old, boolean pair)
				throws IOException, SupervisorFault, InterruptedException {
			SupervisorClient supervisor = SupervisordRuntime.this.supervisor;
			supervisor.stop(old.spec());
			while (true) {
				if (!pair || !listens(this.target)) {
					SupervisedProcess now = supervisor.process(old.spec());
					if (now.running()) {
						supervisor.stop(old.spec());
					}
					else if (pair || !now.state().equals("STOPPING")) {
						return;
					}
				}
				pause(old.name() + " did not let go of port " + this.target.endpoint().port());
			}
		}

		private SupervisedProcess start(String spec) throws IOException, SupervisorFault, InterruptedException {
			SupervisorClient supervisor = SupervisordRuntime.this.supervisor;
			while (true) {
				boolean spawned = supervisor.start(spec);
				SupervisedProcess process = supervisor.process(spec);
				if (!spawned || process.dead() || (process.running() && process.pid() > 0)) {
					return process;
				}
				pause(spec + " did not start (" + process.words() + ")");
			}
		}

		private void pause(String timedOut) throws IOException, InterruptedException {
			if (System.nanoTime() > this.deadline) {
				throw new IOException(timedOut + " within " + SupervisordRuntime.this.timeout);
			}
			TimeUnit.NANOSECONDS.sleep(POLL.toNanos());
		}

		private long millis() {
			return TimeUnit.NANOSECONDS.toMillis(System.nanoTime() - this.began);
		}

	}

	/**
	 * Whether something accepts connections on the instance's port: the kernel answers.
	 */
	static boolean listens(Target target) {
		try (Socket socket = new Socket()) {
			socket.connect(new InetSocketAddress(target.endpoint().host(), target.endpoint().port()), 1000);
			return true;
		}
		catch (IOException ex) {
			return false;
		}
	}

	/**
	 * Asks supervisord about the process the restart started: gone, or replaced by
	 * another pid, it crashed.
	 */
	private static final class Watch implements ProcessWatch {

		private final SupervisorClient supervisor;

		private final SupervisedProcess started;

		private boolean told;

		Watch(SupervisorClient supervisor, SupervisedProcess started) {
			this.supervisor = supervisor;
			this.started = started;
		}

		@Override
		public Optional<String> crashed() throws InterruptedException {
			SupervisedProcess now;
			try {
				now = this.supervisor.process(this.started.spec());
			}
			catch (IOException | SupervisorFault ex) {
				this.told = WatchLog.cannotAsk(this.started.spec(), ex, this.told);
				return Optional.empty();
			}
			if (now.dead()) {
				return Optional.of("supervisord says " + now.words());
			}
			if (now.pid() != this.started.pid()) {
				return Optional.of("supervisord says " + now.words() + ", pid " + now.pid() + " instead of "
						+ this.started.pid() + " (restarted)");
			}
			return Optional.empty();
		}

	}

}
