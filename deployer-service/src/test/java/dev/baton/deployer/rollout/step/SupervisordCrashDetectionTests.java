package dev.baton.deployer.rollout.step;

import java.io.IOException;
import java.net.URI;
import java.net.http.HttpClient;
import java.net.http.HttpRequest;
import java.net.http.HttpResponse;
import java.nio.file.Path;
import java.time.Duration;
import java.util.List;
import java.util.Optional;
import java.util.concurrent.CompletableFuture;

import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

import dev.baton.contracts.Endpoint;
import dev.baton.contracts.InstanceId;
import dev.baton.contracts.StepId;
import dev.baton.contracts.Version;
import dev.baton.contracts.deploy.DeployPhase;
import dev.baton.contracts.nginx.DrainDeadline;
import dev.baton.deployer.rollout.RolloutWorld;
import dev.baton.deployer.rollout.plan.DeployPlan;
import dev.baton.deployer.rollout.plan.DeployTarget;
import dev.baton.deployer.rollout.plan.ServicePolicy;
import dev.baton.deployer.runtime.ArgvTemplate;
import dev.baton.deployer.runtime.RealSupervisord;
import dev.baton.deployer.runtime.SupervisordRuntime;
import dev.baton.deployer.runtime.WorkDirectory;
import dev.baton.deployer.runtime.supervisord.SupervisorClient;
import dev.baton.kafka.testing.FreePorts;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatExceptionOfType;
import static org.awaitility.Awaitility.await;

/**
 * A restart step under a real supervisord, with no verdict ever coming: a crash is told
 * by supervisord's state, long before the health deadline, and only a process that
 * neither crashes nor answers waits for the deadline.
 */
class SupervisordCrashDetectionTests {

	private static final Duration HEALTH_TIMEOUT = Duration.ofSeconds(60);

	private static final DeployTarget ORDERS_1 = target("orders-1");

	private static final DeployTarget ORDERS_2 = target("orders-2");

	private static final DeployTarget ORDERS_3 = target("orders-3");

	private static final DeployTarget ORDERS_4 = target("orders-4");

	@TempDir
	static Path dir;

	static RealSupervisord supervisord;

	private final RolloutWorld world = new RolloutWorld();

	@BeforeAll
	static void startSupervisord() throws IOException {
		supervisord = RealSupervisord.start(dir,
				List.of(new RealSupervisord.Instance("orders-1", ORDERS_1.endpoint().port(), false),
						new RealSupervisord.Instance("orders-2", ORDERS_2.endpoint().port(), true),
						new RealSupervisord.Instance("orders-3", ORDERS_3.endpoint().port(), false),
						new RealSupervisord.Instance("orders-4", ORDERS_4.endpoint().port(), false)));
	}

	@AfterAll
	static void stopSupervisord() throws InterruptedException {
		supervisord.close();
	}

	@Test
	void aReleaseThatExitsAtStartIsToldBySupervisordsStateNotByTheDeadline() {
		this.world.health = (restarted) -> null;
		RestartSteps steps = steps();
		DeployPlan plan = plan(HEALTH_TIMEOUT);
		long from = System.nanoTime();

		assertThatExceptionOfType(DeployFailure.class).isThrownBy(() -> {
			StepId stepId = steps.restart(plan, ORDERS_2, Version.of("crash"), DeployPhase.ROLLOUT);
			steps.verify(plan, ORDERS_2, stepId, Version.of("crash"), DeployPhase.ROLLOUT);
		})
			.satisfies((failure) -> assertThat(failure.reason())
				.matches("(orders-2 crashed during verification: supervisord says .+|restart of orders-2 on crash"
						+ " failed with exit code 1: orders-2 crashed during start-up: supervisord says .+)")
				.containsAnyOf("BACKOFF (Exited too quickly (process log may have details))", "(restarted)", "FATAL"));
		assertThat(Duration.ofNanos(System.nanoTime() - from)).isLessThan(HEALTH_TIMEOUT.dividedBy(4));
	}

	@Test
	void aProcessThatExitsAfterItAnsweredOnceIsToldWhileItsVerdictIsAwaited() throws Exception {
		this.world.health = (restarted) -> null;
		RestartSteps steps = steps();
		DeployPlan plan = plan(HEALTH_TIMEOUT);

		StepId stepId = steps.restart(plan, ORDERS_1, Version.of("once"), DeployPhase.ROLLOUT);
		await("the new release answers once").atMost(Duration.ofSeconds(30))
			.ignoreExceptions()
			.until(() -> get(ORDERS_1).equals("once"));
		long from = System.nanoTime();

		assertThatExceptionOfType(DeployFailure.class)
			.isThrownBy(() -> steps.verify(plan, ORDERS_1, stepId, Version.of("once"), DeployPhase.ROLLOUT))
			.satisfies((failure) -> assertThat(failure.reason())
				.startsWith("orders-1 crashed during verification: supervisord says "));
		assertThat(Duration.ofNanos(System.nanoTime() - from)).isLessThan(HEALTH_TIMEOUT.dividedBy(4));
	}

	@Test
	void aRestartAKilledDeployerBeganIsWatchedByTheDeployerThatResumesIt() throws Exception {
		this.world.health = (restarted) -> null;
		DeployPlan plan = plan(HEALTH_TIMEOUT);
		StepId stepId = steps().restart(plan, ORDERS_4, Version.of("once"), DeployPhase.ROLLOUT);
		RestartSteps resumed = steps();
		long from = System.nanoTime();

		CompletableFuture<DeployFailure> verified = CompletableFuture.supplyAsync(() -> {
			try {
				resumed.verify(plan, ORDERS_4, stepId, Version.of("once"), DeployPhase.ROLLOUT);
				return null;
			}
			catch (DeployFailure ex) {
				return ex;
			}
			catch (InterruptedException ex) {
				throw new IllegalStateException(ex);
			}
		});
		// probed as health-service probes it: the release answers once, exits, and
		// supervisord starts it again, until the watch tells
		await().atMost(HEALTH_TIMEOUT.dividedBy(4)).pollInterval(Duration.ofMillis(200)).until(() -> {
			probe(ORDERS_4);
			return verified.isDone();
		});

		assertThat(verified.get()).isNotNull();
		assertThat(verified.get().reason()).startsWith("orders-4 crashed during verification: supervisord says ");
		assertThat(Duration.ofNanos(System.nanoTime() - from)).isLessThan(HEALTH_TIMEOUT.dividedBy(4));
	}

	private static void probe(DeployTarget target) {
		try {
			get(target);
		}
		catch (IOException ex) {
			// a process that just exited refuses: the next probe tries again
		}
		catch (InterruptedException ex) {
			Thread.currentThread().interrupt();
		}
	}

	@Test
	void aProcessThatNeverListensAndNeverExitsStillEndsAtTheHealthDeadline() throws Exception {
		this.world.health = (restarted) -> null;
		RestartSteps steps = steps();
		Duration healthTimeout = Duration.ofSeconds(3);
		DeployPlan plan = plan(healthTimeout);

		StepId stepId = steps.restart(plan, ORDERS_3, Version.of("hang"), DeployPhase.ROLLOUT);
		long from = System.nanoTime();

		assertThatExceptionOfType(DeployFailure.class)
			.isThrownBy(() -> steps.verify(plan, ORDERS_3, stepId, Version.of("hang"), DeployPhase.ROLLOUT))
			.satisfies((failure) -> assertThat(failure.reason())
				.startsWith("orders-3 was not verified within PT3S of its restart"));
		assertThat(Duration.ofNanos(System.nanoTime() - from)).isGreaterThanOrEqualTo(healthTimeout);
		assertThat(supervisord.program("orders-3:orders-3").state()).isEqualTo("RUNNING");
	}

	private RestartSteps steps() {
		SupervisordRuntime runtime = new SupervisordRuntime(
				SupervisorClient.of(supervisord.httpUrl(), Optional.of(supervisord.credentials())), "{instanceId}",
				Optional.of(new ArgvTemplate(supervisord.activate())), Duration.ofSeconds(30),
				WorkDirectory.prepare(dir.resolve("work")));
		return new RestartSteps(this.world.board, runtime, this.world, this.world.clock);
	}

	private DeployPlan plan(Duration healthTimeout) {
		return this.world.plan("v2", new ServicePolicy(1, 1, Duration.ofSeconds(5), healthTimeout,
				Duration.ofSeconds(5), DrainDeadline.OnTimeout.PROCEED, Duration.ofMillis(100)),
				List.of(List.of(ORDERS_1)));
	}

	private static DeployTarget target(String id) {
		return new DeployTarget(InstanceId.of(id), new Endpoint("127.0.0.1", FreePorts.next()), Version.of("serve"));
	}

	private static String get(DeployTarget target) throws IOException, InterruptedException {
		return HttpClient.newHttpClient()
			.send(HttpRequest.newBuilder(URI.create("http://127.0.0.1:" + target.endpoint().port() + "/health"))
				.timeout(Duration.ofSeconds(5))
				.build(), HttpResponse.BodyHandlers.ofString())
			.body();
	}

}
