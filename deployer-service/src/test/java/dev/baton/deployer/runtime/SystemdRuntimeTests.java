package dev.baton.deployer.runtime;

import java.nio.file.Path;
import java.time.Duration;
import java.util.List;
import java.util.Map;
import java.util.Optional;

import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

import dev.baton.contracts.Endpoint;
import dev.baton.contracts.InstanceId;
import dev.baton.contracts.ServiceName;
import dev.baton.contracts.Version;
import dev.baton.deployer.rollout.plan.DeployTarget;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatIllegalArgumentException;

/**
 * The systemd runtime's argv and its reading of {@code systemctl show}, against outputs
 * recorded from systemd 252 (this machine has no systemd to run it against).
 */
class SystemdRuntimeTests {

	private static final DeployTarget TARGET = new DeployTarget(InstanceId.of("orders-1"),
			new Endpoint("127.0.0.1", 9001), Version.of("v1"));

	/** Right after {@code systemctl restart orders@9001.service}. */
	private static final String RUNNING = """
			ActiveState=active
			SubState=running
			NRestarts=0
			ExecMainPID=48213
			""";

	/**
	 * {@code Restart=on-failure}: the process exited, systemd waits to start it again.
	 */
	private static final String AUTO_RESTART = """
			ActiveState=activating
			SubState=auto-restart
			NRestarts=0
			ExecMainPID=0
			""";

	/** The same unit once systemd started it again. */
	private static final String RESTARTED = """
			ActiveState=active
			SubState=running
			NRestarts=1
			ExecMainPID=48290
			""";

	/** {@code StartLimitBurst} reached: systemd gave up. */
	private static final String FAILED = """
			ActiveState=failed
			SubState=failed
			NRestarts=5
			ExecMainPID=0
			""";

	/** systemd before 235 does not count restarts: the property is left out. */
	private static final String WITHOUT_RESTART_COUNT = """
			ActiveState=active
			SubState=running
			ExecMainPID=48213
			""";

	@TempDir
	Path dir;

	@Test
	void restartsAndShowsTheInstancesUnitAsArgvWithoutAShell() {
		SystemdRuntime runtime = new SystemdRuntime(List.of("systemctl", "--user"), "{service}@{port}.service",
				Optional.empty(), Duration.ofSeconds(60), WorkDirectory.prepare(this.dir.resolve("work")));
		Map<String, String> values = ArgvTemplate.values(ServiceName.of("orders"), TARGET, Version.of("v2"));

		assertThat(runtime.restartArgv(values)).containsExactly("systemctl", "--user", "restart",
				"orders@9001.service");
		assertThat(runtime.showArgv(values)).containsExactly("systemctl", "--user", "show", "-p",
				"ActiveState,SubState,NRestarts,ExecMainPID", "orders@9001.service");
	}

	@Test
	void readsTheUnitsStateFromSystemctlShow() {
		assertThat(UnitState.parse(RUNNING)).isEqualTo(new UnitState("active", "running", 0, 48213));
		assertThat(UnitState.parse(WITHOUT_RESTART_COUNT)).isEqualTo(new UnitState("active", "running", -1, 48213));
		assertThatIllegalArgumentException().isThrownBy(() -> UnitState.parse("Failed to connect to bus"));
	}

	@Test
	void theSameMainProcessStillRunningIsNoCrash() {
		assertThat(UnitState.parse(RUNNING).crashedSince(UnitState.parse(RUNNING))).isEmpty();
		assertThat(UnitState.parse(WITHOUT_RESTART_COUNT).crashedSince(UnitState.parse(WITHOUT_RESTART_COUNT)))
			.isEmpty();
	}

	@Test
	void aProcessThatExitedIsACrashBeforeSystemdStartsItAgain() {
		assertThat(UnitState.parse(AUTO_RESTART).crashedSince(UnitState.parse(RUNNING)))
			.contains("systemd says ExecMainPID=0 (was 48213), ActiveState=activating, SubState=auto-restart");
	}

	@Test
	void aUnitSystemdRestartedIsACrash() {
		assertThat(UnitState.parse(RESTARTED).crashedSince(UnitState.parse(RUNNING)))
			.contains("systemd says NRestarts=1 (was 0), ActiveState=active, SubState=running");
	}

	@Test
	void aFailedUnitIsACrash() {
		assertThat(UnitState.parse(FAILED).crashedSince(UnitState.parse(RUNNING)))
			.contains("systemd says ActiveState=failed, SubState=failed");
	}

	@Test
	void aChangedMainProcessIsACrashEvenWithoutARestartCount() {
		UnitState after = UnitState.parse(WITHOUT_RESTART_COUNT);
		UnitState replaced = new UnitState("active", "running", -1, 48290);

		assertThat(replaced.crashedSince(after))
			.contains("systemd says ExecMainPID=48290 (was 48213), ActiveState=active, SubState=running");
	}

}
