package dev.baton.deployer.runtime;

import java.io.IOException;
import java.net.InetSocketAddress;
import java.net.Socket;
import java.time.Duration;
import java.util.List;
import java.util.Optional;
import java.util.concurrent.TimeUnit;

import dev.baton.deployer.rollout.RestartResult;
import dev.baton.deployer.rollout.plan.DeployTarget;
import dev.baton.deployer.runtime.supervisord.SupervisedProcess;
import dev.baton.deployer.runtime.supervisord.SupervisorClient;
import dev.baton.deployer.runtime.supervisord.SupervisorFault;

/**
 * One restart of one instance under supervisord, from asking the old process to stop to
 * the new pid: in place, or onto the other program of the instance's pair as soon as the
 * old process no longer listens on the instance's port.
 */
final class SupervisordRestart {

	private static final Duration POLL = Duration.ofMillis(5);

	private final SupervisorClient supervisor;

	private final Duration timeout;

	private final String name;

	private final DeployTarget target;

	private long began;

	private long deadline;

	SupervisordRestart(SupervisorClient supervisor, Duration timeout, String name, DeployTarget target) {
		this.supervisor = supervisor;
		this.timeout = timeout;
		this.name = name;
		this.target = target;
	}

	RestartResult run(Activation activation) throws IOException, SupervisorFault, InterruptedException {
		List<SupervisedProcess> programs = this.supervisor.processes()
			.stream()
			.filter((process) -> process.group().equals(this.name))
			.toList();
		List<String> names = programs.stream().map(SupervisedProcess::name).sorted().toList();
		boolean pair = names.equals(List.of(this.name + "-a", this.name + "-b"));
		if (!pair && !names.equals(List.of(this.name))) {
			return new RestartResult(1, this.target.instanceId() + ": supervisord has "
					+ (names.isEmpty() ? "no program " + this.name : "group " + this.name + " with programs " + names
							+ ", expected " + this.name + " or " + this.name + "-a and " + this.name + "-b"));
		}
		CommandRunner.Ran activated = activation.run();
		if (!activated.succeeded()) {
			return new RestartResult(activated.exitCode(), activated.stderr());
		}
		this.began = System.nanoTime();
		this.deadline = this.began + this.timeout.toNanos();
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
				new SupervisordWatch(this.supervisor, started));
	}

	/**
	 * Waits until the old process has let go of the port: once it no longer listens when
	 * another program takes over, once it has exited in place. A program that supervisord
	 * started again between a crash and the stop is asked again.
	 */
	private void stop(SupervisedProcess old, boolean pair) throws IOException, SupervisorFault, InterruptedException {
		SupervisorClient supervisor = this.supervisor;
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
		SupervisorClient supervisor = this.supervisor;
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
			throw new IOException(timedOut + " within " + this.timeout);
		}
		TimeUnit.NANOSECONDS.sleep(POLL.toNanos());
	}

	private long millis() {
		return TimeUnit.NANOSECONDS.toMillis(System.nanoTime() - this.began);
	}

	/**
	 * Whether something accepts connections on the instance's port: the kernel answers.
	 */
	private static boolean listens(DeployTarget target) {
		try (Socket socket = new Socket()) {
			socket.connect(new InetSocketAddress(target.endpoint().host(), target.endpoint().port()), 1000);
			return true;
		}
		catch (IOException ex) {
			return false;
		}
	}

	/** The activate command, run once the instance's programs are known. */
	@FunctionalInterface
	interface Activation {

		CommandRunner.Ran run() throws InterruptedException;

	}

}
