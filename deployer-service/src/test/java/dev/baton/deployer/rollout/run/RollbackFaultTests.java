package dev.baton.deployer.rollout.run;

import java.time.Duration;
import java.util.List;
import java.util.concurrent.atomic.AtomicBoolean;
import java.util.function.Consumer;

import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;

import dev.baton.contracts.InstanceId;
import dev.baton.contracts.Version;
import dev.baton.contracts.deploy.DeployFailed;
import dev.baton.contracts.deploy.DeployStrategy;
import dev.baton.contracts.health.HealthStatus;
import dev.baton.contracts.nginx.DrainDeadline;
import dev.baton.contracts.nginx.SetPeerGate;
import dev.baton.deployer.rollout.RolloutWorld;
import dev.baton.deployer.rollout.plan.DeployPlan;
import dev.baton.deployer.rollout.plan.DeployTarget;
import dev.baton.deployer.rollout.plan.ServicePolicy;

import static dev.baton.deployer.rollout.RolloutWorld.target;
import static org.assertj.core.api.Assertions.assertThat;

/**
 * Every path of a rollback ends, whatever throws in it: an exception injected into each
 * call a rollback makes (a gate command, a step on the record, a restart, an audit) still
 * ends the deploy with {@link DeployFailed}, naming the exception, and leaves every
 * instance either back in rotation on its previous version or named as kept out.
 */
class RollbackFaultTests {

	private final RolloutWorld world = new RolloutWorld();

	/** Set once the deploy starts rolling back: faults are injected only after it. */
	private final AtomicBoolean rollingBack = new AtomicBoolean();

	@BeforeEach
	void oneNode() {
		this.world.node("a", true);
	}

	/**
	 * orders-2 reports the wrong version, so the rollback puts orders-2 then orders-1
	 * back on v1; the call named fails the first time the rollback makes it.
	 */
	@ParameterizedTest
	@ValueSource(strings = { "close 9002", "step drained orders-2 ROLLBACK", "restart orders-2 v1",
			"step restart started orders-2 ROLLBACK v1", "step restarted orders-2 ROLLBACK v1",
			"step verified orders-2 ROLLBACK", "open 9002", "step enabled orders-2 ROLLBACK", "close 9001",
			"restart orders-1 v1", "open 9001" })
	void aRollbackStepThatThrowsIsOnTheRecordAndTheRollbackStillEnds(String failingCall) throws InterruptedException {
		failOnce(failingCall);

		run(this.world.plan("v2", RolloutWorld.policy(), List.of(List.of(target(1)), List.of(target(2)))));

		DeployFailed failed = ended();
		assertThat(failed.reason()).contains("wrong version")
			.contains("the deployer failed unexpectedly: java.lang.IllegalStateException: injected at " + failingCall);
		assertEveryInstanceRestoredOrKeptOut(failed, target(1), target(2));
	}

	@Test
	void anAuditThatThrowsForAnInstanceKeptOutLeavesItNamedInTheFailure() throws InterruptedException {
		failOnce("restart orders-2 v1");
		failOnce("audit rollback.kept-out");

		run(this.world.plan("v2", RolloutWorld.policy(), List.of(List.of(target(1)), List.of(target(2)))));

		DeployFailed failed = ended();
		assertThat(failed.keptOut()).containsExactly(InstanceId.of("orders-2"));
		assertThat(failed.reason()).contains("not audited: java.lang.IllegalStateException: injected at audit");
		assertEveryInstanceRestoredOrKeptOut(failed, target(1), target(2));
	}

	@Test
	void theRollingBackEventThatCannotBePublishedStillLeadsToTheRollbackAndItsEnd() throws InterruptedException {
		this.rollingBack.set(true);
		failOnce("step DeployRollingBack");

		run(this.world.plan("v2", RolloutWorld.policy(), List.of(List.of(target(1)), List.of(target(2)))));

		DeployFailed failed = ended();
		assertThat(failed.reason()).contains("DeployRollingBack not published");
		assertThat(failed.rolledBack()).containsExactly(InstanceId.of("orders-2"), InstanceId.of("orders-1"));
		assertEveryInstanceRestoredOrKeptOut(failed, target(1), target(2));
	}

	@Test
	void aGateThatCannotBeReopenedForAnInstanceNeverRestartedIsNamedKeptOut() throws InterruptedException {
		// orders-2's drain is never confirmed: the batch fails before any restart, and
		// orders-1, drained, is rolled back while orders-2 only has its gate reopened
		this.world.unanswered = (command) -> !command.open() && command.port() == 9002;
		failOnce("open 9002");
		ServicePolicy shortDrain = new ServicePolicy(1, 0, Duration.ofMillis(300), Duration.ofSeconds(5),
				Duration.ofSeconds(1), DrainDeadline.OnTimeout.PROCEED);

		run(this.world.plan("v2", shortDrain, List.of(List.of(target(1), target(2)))));

		DeployFailed failed = ended();
		assertThat(failed.keptOut()).containsExactly(InstanceId.of("orders-2"));
		assertThat(failed.reason()).contains("injected at open 9002");
		assertEveryInstanceRestoredOrKeptOut(failed, target(1), target(2));
	}

	@ParameterizedTest
	@ValueSource(strings = { "step DeployRollingBack", "stop new-9102", "stop new-9101" })
	void aSurgeUndoStepThatThrowsIsOnTheRecordAndTheUndoStillEnds(String failingCall) throws InterruptedException {
		this.world.online(target(1), target(2));
		this.rollingBack.set(true);
		failOnce(failingCall);
		this.world.health = (restarted) -> RolloutWorld.verdict(restarted, HealthStatus.HEALTHY, Version.of("v1"));
		ServicePolicy surge = new ServicePolicy(1, 1, Duration.ofSeconds(5), Duration.ofSeconds(5),
				Duration.ofSeconds(5), DrainDeadline.OnTimeout.PROCEED, Duration.ofMillis(50), DeployStrategy.SURGE,
				List.of(9101, 9102));

		run(this.world.plan("v2", surge, List.of(List.of(target(1), target(2)))));

		DeployFailed failed = ended();
		assertThat(failed.reason()).contains("reports version v1 instead of v2").contains("injected at " + failingCall);
		assertThat(this.world.registrations).as("every new instance taken away")
			.contains("deregister new-9101", "deregister new-9102");
		assertThat(this.world.deployGates.closed()).as("DEPLOY gates left closed").isEmpty();
	}

	/**
	 * Arms a fault: the named call throws the first time it is made once rolling back.
	 */
	private void failOnce(String call) {
		AtomicBoolean thrown = new AtomicBoolean();
		Consumer<String> before = this.world.beforeCall;
		this.world.beforeCall = (made) -> {
			before.accept(made);
			if (made.equals("step DeployRollingBack")) {
				this.rollingBack.set(true);
			}
			if (this.rollingBack.get() && made.equals(call) && thrown.compareAndSet(false, true)) {
				throw new IllegalStateException("injected at " + call);
			}
		};
		this.world.health = (restarted) -> RolloutWorld.verdict(restarted, HealthStatus.HEALTHY,
				restarted.instanceId().value().equals("orders-2") && restarted.version().value().equals("v2")
						? Version.of("v1") : restarted.version());
	}

	private DeployFailed ended() {
		assertThat(this.world.steps).as("the record ends with the deploy's failure")
			.last()
			.isInstanceOf(DeployFailed.class);
		return (DeployFailed) this.world.steps.get(this.world.steps.size() - 1);
	}

	/**
	 * Each instance is in rotation on its previous version (its last DEPLOY gate command
	 * opened it) or is named as kept out of rotation.
	 */
	private void assertEveryInstanceRestoredOrKeptOut(DeployFailed failed, DeployTarget... targets) {
		for (DeployTarget target : targets) {
			if (failed.keptOut().contains(target.instanceId())) {
				continue;
			}
			List<SetPeerGate> commands = this.world.gates.stream()
				.filter((command) -> command.port() == target.endpoint().port())
				.toList();
			assertThat(commands).as("DEPLOY gate commands for %s", target.instanceId())
				.last()
				.extracting(SetPeerGate::open)
				.isEqualTo(true);
			assertThat(this.world.running.get(target.instanceId())).as("version %s runs", target.instanceId())
				.isEqualTo(target.previousVersion());
		}
	}

	private void run(DeployPlan plan) throws InterruptedException {
		this.world.runs.fresh(plan).run();
	}

}
