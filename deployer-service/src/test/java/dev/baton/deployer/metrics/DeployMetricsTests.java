package dev.baton.deployer.metrics;

import java.time.Instant;
import java.util.List;
import java.util.Map;
import java.util.concurrent.TimeUnit;

import io.micrometer.core.instrument.Timer;
import io.micrometer.core.instrument.simple.SimpleMeterRegistry;
import org.junit.jupiter.api.Test;

import dev.baton.contracts.DeployId;
import dev.baton.contracts.Endpoint;
import dev.baton.contracts.InstanceId;
import dev.baton.contracts.NodeId;
import dev.baton.contracts.ServiceName;
import dev.baton.contracts.StepId;
import dev.baton.contracts.Version;
import dev.baton.contracts.deploy.DeployFailed;
import dev.baton.contracts.deploy.DeployPhase;
import dev.baton.contracts.deploy.DeployStarted;
import dev.baton.contracts.deploy.DeploySucceeded;
import dev.baton.contracts.deploy.InstanceDrained;
import dev.baton.contracts.deploy.InstanceRestarted;
import dev.baton.contracts.deploy.InstanceVerified;
import dev.baton.deployer.rollout.InstanceRuntime;
import dev.baton.deployer.rollout.RestartResult;
import dev.baton.deployer.rollout.plan.DeployTarget;

import static org.assertj.core.api.Assertions.assertThat;

class DeployMetricsTests {

	private static final ServiceName ORDERS = ServiceName.of("orders");

	private static final DeployId DEPLOY = DeployId.of("ci-1");

	private static final InstanceId ORDERS_1 = InstanceId.of("orders-1");

	private static final Instant T0 = Instant.parse("2026-01-01T10:00:00Z");

	private final SimpleMeterRegistry meters = new SimpleMeterRegistry();

	private final DeployMetrics metrics = new DeployMetrics(this.meters);

	@Test
	void succeededDeployIsTimedWithTheDurationItReports() {
		this.metrics.published(started(DEPLOY, T0));
		this.metrics.published(new DeploySucceeded(DEPLOY, ORDERS, Version.of("v2"), 9_100, T0.plusMillis(9_100)));

		assertThat(totalMillis(timer("baton.deploy.duration", "outcome", "succeeded"))).isEqualTo(9_100);
		assertThat(this.meters.find("baton.deploy.duration").tag("outcome", "failed").timer()).isNull();
	}

	@Test
	void failedDeployIsTimedFromItsStartIncludingTheRollback() {
		this.metrics.published(started(DEPLOY, T0));
		this.metrics.published(failed(DEPLOY, T0.plusSeconds(12)));

		assertThat(totalMillis(timer("baton.deploy.duration", "outcome", "failed"))).isEqualTo(12_000);
	}

	@Test
	void deployStartedBeforeARestartIsTimedFromItsReplayedStart() {
		this.metrics.replayed(started(DEPLOY, T0));
		this.metrics.replayed(started(DeployId.of("ci-0"), T0.minusSeconds(60)));
		this.metrics.replayed(failed(DeployId.of("ci-0"), T0.minusSeconds(50)));
		this.metrics.published(failed(DEPLOY, T0.plusSeconds(30)));

		Timer failed = timer("baton.deploy.duration", "outcome", "failed");
		assertThat(failed.count()).isOne();
		assertThat(totalMillis(failed)).isEqualTo(30_000);
	}

	@Test
	void drainsAreTimedByPhaseAndWhetherTheyTimedOut() {
		this.metrics.published(drained(DeployPhase.ROLLOUT, false, 41));
		this.metrics.published(drained(DeployPhase.ROLLBACK, true, 30_000));

		assertThat(totalMillis(timer("baton.deploy.drain", "phase", "rollout", "timed_out", "false"))).isEqualTo(41);
		assertThat(totalMillis(timer("baton.deploy.drain", "phase", "rollback", "timed_out", "true")))
			.isEqualTo(30_000);
	}

	@Test
	void verificationIsTimedFromTheRestartItAnswers() {
		StepId step = StepId.of("s-1");
		this.metrics.published(restarted(step, 0, T0));
		this.metrics.published(restarted(StepId.of("s-other"), 0, T0.plusSeconds(1)));
		this.metrics.published(new InstanceVerified(DEPLOY, ORDERS, ORDERS_1, DeployPhase.ROLLOUT, step,
				Version.of("v2"), T0.plusMillis(450)));

		Timer verify = timer("baton.deploy.verify", "phase", "rollout");
		assertThat(verify.count()).isOne();
		assertThat(totalMillis(verify)).isEqualTo(450);
	}

	@Test
	void runtimeCommandsAreTimedWithTheirOutcome() throws InterruptedException {
		InstanceRuntime runtime = this.metrics
			.timing((service, target, version) -> new RestartResult(version.value().contains("broken") ? 3 : 0, ""));
		DeployTarget target = new DeployTarget(ORDERS_1, new Endpoint("127.0.0.1", 9001), Version.of("v1"));

		runtime.restart(ORDERS, target, Version.of("v2"));
		runtime.restart(ORDERS, target, Version.of("v2-broken"));

		assertThat(timer("baton.deploy.restart", "outcome", "succeeded").count()).isOne();
		assertThat(timer("baton.deploy.restart", "outcome", "failed").count()).isOne();
	}

	private Timer timer(String name, String... tags) {
		Timer timer = this.meters.find(name).tag("service", "orders").tags(tags).timer();
		assertThat(timer).as(name + " " + List.of(tags)).isNotNull();
		return timer;
	}

	private static long totalMillis(Timer timer) {
		return Math.round(timer.totalTime(TimeUnit.MILLISECONDS));
	}

	private static DeployStarted started(DeployId deployId, Instant at) {
		return new DeployStarted(deployId, ORDERS, Version.of("v2"), List.of(List.of(ORDERS_1)),
				Map.of(ORDERS_1, Version.of("v1")), "ci", at);
	}

	private static DeployFailed failed(DeployId deployId, Instant at) {
		return new DeployFailed(deployId, ORDERS, Version.of("v2"), "exit code 3", List.of(ORDERS_1), 4_000, at);
	}

	private static InstanceDrained drained(DeployPhase phase, boolean timedOut, long millis) {
		return new InstanceDrained(DEPLOY, ORDERS, ORDERS_1, phase, List.of(NodeId.of("nginx-a")), timedOut, millis,
				T0);
	}

	private static InstanceRestarted restarted(StepId step, int exitCode, Instant at) {
		return new InstanceRestarted(DEPLOY, ORDERS, ORDERS_1, "127.0.0.1", 9001, DeployPhase.ROLLOUT, step,
				Version.of("v2"), exitCode, "", 5_000, at);
	}

}
