package dev.baton.deployer.rollout.step;

import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.TimeUnit;

import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

import dev.baton.contracts.StepId;
import dev.baton.contracts.Version;
import dev.baton.contracts.deploy.DeployPhase;
import dev.baton.contracts.deploy.InstanceRestarted;
import dev.baton.contracts.health.HealthStatus;
import dev.baton.contracts.nginx.DrainDeadline;
import dev.baton.deployer.rollout.RolloutWorld;
import dev.baton.deployer.rollout.plan.DeployPlan;
import dev.baton.deployer.rollout.plan.DeployTarget;
import dev.baton.deployer.rollout.plan.ServicePolicy;
import dev.baton.deployer.runtime.ArgvTemplate;
import dev.baton.deployer.runtime.CommandRuntime;
import dev.baton.deployer.runtime.WorkDirectory;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatExceptionOfType;

/**
 * A restart step asks the runtime, while it waits for the verdict, whether the process it
 * started still runs: with the command runtime's check here, a real process and a real
 * check command.
 */
class CrashDetectionTests {

	private static final Duration HEALTH_TIMEOUT = Duration.ofSeconds(60);

	private final RolloutWorld world = new RolloutWorld();

	@TempDir
	Path dir;

	@Test
	void aProcessThatDiesWhileItsVerdictIsAwaitedFailsTheStepLongBeforeTheHealthDeadline() throws Exception {
		this.world.health = (restarted) -> null;
		Path pidFile = this.dir.resolve("app.pid");
		RestartSteps steps = steps(List.of("/bin/sh", "-c", "(sleep 0.3; exit 3) >/dev/null 2>&1 & echo $! > \"$1\"",
				"sh", pidFile.toString()), Duration.ofMillis(100));
		DeployPlan plan = plan(Duration.ofMillis(100));
		DeployTarget target = RolloutWorld.target(1);

		StepId stepId = steps.restart(plan, target, Version.of("v2"), DeployPhase.ROLLOUT);
		long from = System.nanoTime();

		assertThatExceptionOfType(DeployFailure.class)
			.isThrownBy(() -> steps.verify(plan, target, stepId, Version.of("v2"), DeployPhase.ROLLOUT))
			.satisfies((failure) -> assertThat(failure.reason())
				.isEqualTo("orders-1 crashed during verification: check /bin/sh exited with 1: no process"));
		assertThat(Duration.ofNanos(System.nanoTime() - from)).isLessThan(HEALTH_TIMEOUT.dividedBy(4));
	}

	@Test
	void aVerdictEndsTheWaitWhenItArrivesNotAtTheNextCheck() throws Exception {
		CompletableFuture<InstanceRestarted> restarted = new CompletableFuture<>();
		this.world.health = (step) -> {
			restarted.complete(step);
			return null;
		};
		Path pidFile = this.dir.resolve("app.pid");
		Duration checkInterval = Duration.ofSeconds(20);
		RestartSteps steps = steps(
				List.of("/bin/sh", "-c", "(sleep 120) >/dev/null 2>&1 & echo $! > \"$1\"", "sh", pidFile.toString()),
				checkInterval);
		DeployPlan plan = plan(checkInterval);
		DeployTarget target = RolloutWorld.target(1);
		try {
			StepId stepId = steps.restart(plan, target, Version.of("v2"), DeployPhase.ROLLOUT);
			CompletableFuture<Long> verifiedAt = CompletableFuture.supplyAsync(() -> {
				try {
					steps.verify(plan, target, stepId, Version.of("v2"), DeployPhase.ROLLOUT);
					return System.nanoTime();
				}
				catch (DeployFailure | InterruptedException ex) {
					throw new IllegalStateException(ex);
				}
			});
			InstanceRestarted step = restarted.get(10, TimeUnit.SECONDS);
			long answeredAt = System.nanoTime();
			this.world.board.onVerdict(RolloutWorld.verdict(step, HealthStatus.HEALTHY, Version.of("v2")));

			assertThat(Duration.ofNanos(verifiedAt.get(30, TimeUnit.SECONDS) - answeredAt))
				.isLessThan(checkInterval.dividedBy(4));
		}
		finally {
			ProcessHandle.of(Long.parseLong(Files.readString(pidFile).strip()))
				.ifPresent(ProcessHandle::destroyForcibly);
		}
	}

	private RestartSteps steps(List<String> restart, Duration checkInterval) {
		ArgvTemplate check = new ArgvTemplate(List.of("/bin/sh", "-c",
				"if ! kill -0 \"$(cat \"$1\")\" 2>/dev/null; then echo 'no process' >&2; exit 1; fi", "sh",
				this.dir.resolve("app.pid").toString()));
		CommandRuntime runtime = new CommandRuntime(
				Map.of(RolloutWorld.ORDERS,
						new CommandRuntime.Commands(
								List.of(new ArgvTemplate(List.of("/bin/true")), new ArgvTemplate(restart)),
								Optional.of(check), Duration.ofSeconds(10))),
				WorkDirectory.prepare(this.dir.resolve("work")));
		return new RestartSteps(this.world.board, runtime, this.world, this.world.clock);
	}

	private DeployPlan plan(Duration checkInterval) {
		return this.world.plan("v2", new ServicePolicy(1, 1, Duration.ofSeconds(5), HEALTH_TIMEOUT,
				Duration.ofSeconds(5), DrainDeadline.OnTimeout.PROCEED, checkInterval),
				List.of(List.of(RolloutWorld.target(1))));
	}

}
