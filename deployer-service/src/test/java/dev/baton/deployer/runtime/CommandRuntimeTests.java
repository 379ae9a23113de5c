package dev.baton.deployer.runtime;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.attribute.PosixFilePermissions;
import java.time.Duration;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.concurrent.TimeUnit;

import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

import dev.baton.contracts.Endpoint;
import dev.baton.contracts.InstanceId;
import dev.baton.contracts.ServiceName;
import dev.baton.contracts.Version;
import dev.baton.deployer.rollout.RestartResult;
import dev.baton.deployer.rollout.plan.DeployTarget;

import static org.assertj.core.api.Assertions.assertThat;

class CommandRuntimeTests {

	private static final ServiceName ORDERS = ServiceName.of("orders");

	private static final DeployTarget TARGET = new DeployTarget(InstanceId.of("orders-1"),
			new Endpoint("127.0.0.1", 9001), Version.of("v1"));

	@TempDir
	Path dir;

	@Test
	void runsActivateThenRestartWithPlaceholdersFilledPerArgument() throws Exception {
		Path log = this.dir.resolve("log");
		CommandRuntime runtime = runtime(Duration.ofSeconds(10),
				List.of("/bin/sh", "-c", "echo \"activate $1 $2\" >> " + log, "sh", "{instanceId}", "{version}"),
				List.of("/bin/sh", "-c", "echo \"restart $1:$2\" >> " + log, "sh", "{host}", "{port}"));

		RestartResult result = runtime.restart(ORDERS, TARGET, Version.of("v2"));

		assertThat(result.succeeded()).isTrue();
		assertThat(Files.readAllLines(log)).containsExactly("activate orders-1 v2", "restart 127.0.0.1:9001");
	}

	@Test
	void startsANewInstanceWithActivateThenStartAndStopsOneWithStop() throws Exception {
		Path log = this.dir.resolve("log");
		ArgvTemplate activate = new ArgvTemplate(
				List.of("/bin/sh", "-c", "echo \"activate $1 $2\" >> " + log, "sh", "{port}", "{version}"));
		ArgvTemplate start = new ArgvTemplate(
				List.of("/bin/sh", "-c", "echo \"start $1 $2\" >> " + log, "sh", "{instanceId}", "{port}"));
		ArgvTemplate stop = new ArgvTemplate(
				List.of("/bin/sh", "-c", "echo \"stop $1 $2\" >> " + log, "sh", "{instanceId}", "{version}"));
		CommandRuntime runtime = new CommandRuntime(
				Map.of(ORDERS,
						new CommandRuntime.Commands(List.of(activate, start), Optional.empty(), Duration.ofSeconds(10),
								List.of(activate, start), List.of(stop))),
				WorkDirectory.prepare(this.dir.resolve("work")));
		DeployTarget spare = new DeployTarget(InstanceId.of("orders-9101"), new Endpoint("127.0.0.1", 9101),
				Version.of("v2"));

		RestartResult started = runtime.start(ORDERS, spare, Version.of("v2"));
		RestartResult stopped = runtime.stop(ORDERS, TARGET);

		assertThat(started.succeeded()).as(started.stderr()).isTrue();
		assertThat(stopped.succeeded()).as(stopped.stderr()).isTrue();
		assertThat(Files.readAllLines(log)).containsExactly("activate 9101 v2", "start orders-9101 9101",
				"stop orders-1 v1");
	}

	@Test
	void cannotStartOrStopInstancesWithoutStartAndStopCommands() throws Exception {
		CommandRuntime runtime = runtime(Duration.ofSeconds(10), List.of("true"), List.of("true"));

		RestartResult started = runtime.start(ORDERS, TARGET, Version.of("v2"));

		assertThat(started.succeeded()).isFalse();
		assertThat(started.stderr()).contains("has no start and stop commands (runtime.start, runtime.stop)");
		assertThat(runtime.stop(ORDERS, TARGET).succeeded()).isFalse();
	}

	@Test
	void stopsAtTheFirstFailingCommandKeepingItsExitCodeAndStderr() throws Exception {
		Path log = this.dir.resolve("log");
		CommandRuntime runtime = runtime(Duration.ofSeconds(10),
				List.of("/bin/sh", "-c", "echo 'no such version' >&2; exit 4"),
				List.of("/bin/sh", "-c", "echo restarted >> " + log));

		RestartResult result = runtime.restart(ORDERS, TARGET, Version.of("v2"));

		assertThat(result.exitCode()).isEqualTo(4);
		assertThat(result.stderr()).contains("no such version");
		assertThat(log).doesNotExist();
	}

	@Test
	void killsACommandThatOutlivesItsTimeout() throws IOException, InterruptedException {
		CommandRuntime runtime = runtime(Duration.ofMillis(200), List.of("/bin/sh", "-c", "exec sleep 30"),
				List.of("/bin/true"));

		RestartResult result = runtime.restart(ORDERS, TARGET, Version.of("v2"));

		assertThat(result.exitCode()).isEqualTo(CommandRunner.NOT_COMPLETED);
		assertThat(result.stderr()).contains("timed out after PT0.2S");
	}

	@Test
	void stopsTheHookAKilledDeployerLeftRunningForTheInstanceBeforeRunningANewOne() throws Exception {
		Path work = WorkDirectory.prepare(this.dir.resolve("work"));
		Process leftOver = new ProcessBuilder("/bin/sh", "-c", "sleep 300; echo late").start();
		new HookPids(work).started("orders.orders-1", leftOver);
		Process unrelated = new ProcessBuilder("sleep", "300").start();
		new HookPids(work).started("orders.orders-2", unrelated);
		try {
			CommandRuntime runtime = new CommandRuntime(Map.of(ORDERS,
					new CommandRuntime.Commands(
							List.of(new ArgvTemplate(List.of("/bin/true")), new ArgvTemplate(List.of("/bin/true"))),
							Duration.ofSeconds(10))),
					work);

			RestartResult result = runtime.restart(ORDERS, TARGET, Version.of("v2"));

			assertThat(result.succeeded()).isTrue();
			assertThat(result.stderr()).contains("stopped the restart hook a previous deployer left running");
			assertThat(leftOver.isAlive()).isFalse();
			assertThat(unrelated.isAlive()).isTrue();
			assertThat(work.resolve("orders.orders-1.pid")).doesNotExist();
		}
		finally {
			leftOver.destroyForcibly();
			unrelated.destroyForcibly();
		}
	}

	@Test
	void itsCheckTellsWhetherTheRestartedProcessStillRunsInTheCheckersOwnWords() throws Exception {
		Path pidFile = this.dir.resolve("orders-1.pid");
		Path stop = this.dir.resolve("stop");
		ArgvTemplate restart = new ArgvTemplate(List.of("/bin/sh", "-c",
				"(while [ ! -e \"$2\" ]; do sleep 0.05; done) >/dev/null 2>&1 & echo $! > \"$1\"", "sh",
				pidFile.toString(), stop.toString()));
		ArgvTemplate check = new ArgvTemplate(List.of("/bin/sh", "-c",
				"if ! kill -0 \"$(cat \"$1\")\" 2>/dev/null; then echo \"$2 has no process\" >&2; exit 3; fi", "sh",
				pidFile.toString(), "{instanceId}"));
		CommandRuntime runtime = new CommandRuntime(
				Map.of(ORDERS,
						new CommandRuntime.Commands(List.of(new ArgvTemplate(List.of("/bin/true")), restart),
								Optional.of(check), Duration.ofSeconds(10))),
				WorkDirectory.prepare(this.dir.resolve("work")));

		RestartResult result = runtime.restart(ORDERS, TARGET, Version.of("v2"));

		assertThat(result.succeeded()).isTrue();
		assertThat(result.watch().crashed()).isEmpty();
		Files.createFile(stop);
		ProcessHandle app = ProcessHandle.of(Long.parseLong(Files.readString(pidFile).strip())).orElseThrow();
		app.onExit().get(10, TimeUnit.SECONDS);
		assertThat(result.watch().crashed()).contains("check /bin/sh exited with 3: orders-1 has no process");
	}

	@Test
	void keepsItsWorkingDirectoryPrivate() throws IOException {
		Path work = WorkDirectory.prepare(this.dir.resolve("a").resolve("work"));

		assertThat(PosixFilePermissions.toString(Files.getPosixFilePermissions(work))).isEqualTo("rwx------");
	}

	private CommandRuntime runtime(Duration timeout, List<String> activate, List<String> restart) {
		return new CommandRuntime(
				Map.of(ORDERS, new CommandRuntime.Commands(
						List.of(new ArgvTemplate(activate), new ArgvTemplate(restart)), timeout)),
				WorkDirectory.prepare(this.dir.resolve("work")));
	}

}
