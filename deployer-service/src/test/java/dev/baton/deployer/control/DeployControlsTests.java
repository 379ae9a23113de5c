package dev.baton.deployer.control;

import java.time.Clock;
import java.time.Duration;
import java.time.Instant;
import java.util.List;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.CopyOnWriteArrayList;
import java.util.concurrent.TimeUnit;

import org.junit.jupiter.api.Test;

import dev.baton.contracts.DeployId;
import dev.baton.contracts.ServiceName;
import dev.baton.contracts.Version;
import dev.baton.contracts.deploy.DeployCancelling;
import dev.baton.contracts.deploy.DeployPaused;
import dev.baton.contracts.deploy.DeployResumed;
import dev.baton.contracts.deploy.DeployStep;

import static org.assertj.core.api.Assertions.assertThat;
import static org.awaitility.Awaitility.await;

class DeployControlsTests {

	private final List<DeployStep> record = new CopyOnWriteArrayList<>();

	/** What the deploy had passed when each step was put on the record. */
	private final List<String> passedWhenRecorded = new CopyOnWriteArrayList<>();

	private volatile String passed = "nothing";

	private final DeployControls controls = controls(null, null);

	@Test
	void aPauseIsOnTheRecordBeforeTheDeployHoldsAndAResumeLetsItCarryOn() throws Exception {
		assertThat(this.controls.pause("ops", "dashboards")).isTrue();
		CompletableFuture<Void> checkpoint = CompletableFuture.runAsync(this::passCheckpoint);

		await().during(Duration.ofMillis(300)).atMost(Duration.ofSeconds(2)).until(() -> !checkpoint.isDone());
		assertThat(this.controls.resume("ops", "")).isTrue();
		checkpoint.get(5, TimeUnit.SECONDS);

		assertThat(this.record).hasExactlyElementsOfTypes(DeployPaused.class, DeployResumed.class);
		assertThat(this.record.get(0)).isInstanceOfSatisfying(DeployPaused.class, (paused) -> {
			assertThat(paused.requestedBy()).isEqualTo("ops");
			assertThat(paused.reason()).isEqualTo("dashboards");
		});
		assertThat(this.passedWhenRecorded).containsExactly("nothing", "nothing");
		assertThat(this.passed).isEqualTo("checkpoint");
	}

	@Test
	void pausingAPausedDeployOrResumingARunningOneChangesNothingAndRecordsNothing() {
		assertThat(this.controls.resume("ops", "")).isFalse();
		assertThat(this.controls.pause("ops", "")).isTrue();
		assertThat(this.controls.pause("ci", "again")).isFalse();

		assertThat(this.record).hasExactlyElementsOfTypes(DeployPaused.class);
		assertThat(this.controls.paused())
			.hasValueSatisfying((paused) -> assertThat(paused.requestedBy()).isEqualTo("ops"));
	}

	@Test
	void aCancelReleasesAPausedDeploySoThatItRollsBack() throws Exception {
		this.controls.pause("ops", "");
		CompletableFuture<Void> checkpoint = CompletableFuture.runAsync(this::passCheckpoint);

		assertThat(this.controls.cancel("ops", "wrong day")).isTrue();
		checkpoint.get(5, TimeUnit.SECONDS);

		assertThat(this.controls.cancelled()).isEqualTo("ops: wrong day");
		assertThat(this.controls.cancel("ci", "")).isFalse();
		assertThat(this.controls.pause("ops", "")).isFalse();
		assertThat(this.record).hasExactlyElementsOfTypes(DeployPaused.class, DeployCancelling.class);
	}

	@Test
	void aBakeEndsAtOnceWhenTheDeployIsCancelledButAPauseDoesNotStopItsClock() throws Exception {
		CompletableFuture<Boolean> bake = CompletableFuture.supplyAsync(() -> bake(Duration.ofMinutes(1)));
		this.controls.pause("ops", "");
		await().during(Duration.ofMillis(200)).atMost(Duration.ofSeconds(2)).until(() -> !bake.isDone());

		this.controls.cancel("ops", "");

		assertThat(bake.get(5, TimeUnit.SECONDS)).isTrue();
		assertThat(controls(null, null).cancelledWithin(Duration.ofMillis(50))).isFalse();
	}

	@Test
	void aPauseOrCancelOnTheRecordIsInForceAgainAfterARestart() throws Exception {
		DeployPaused paused = new DeployPaused(DeployId.of("d-1"), ServiceName.of("orders"), Version.of("v2"), "ops",
				"", Instant.now());
		DeployControls restored = controls(paused, null);
		CompletableFuture<Void> checkpoint = CompletableFuture.runAsync(() -> {
			try {
				restored.checkpoint();
			}
			catch (InterruptedException ex) {
				Thread.currentThread().interrupt();
			}
		});
		await().during(Duration.ofMillis(200)).atMost(Duration.ofSeconds(2)).until(() -> !checkpoint.isDone());
		assertThat(restored.pause("ops", "")).isFalse();
		restored.resume("ops", "");
		checkpoint.get(5, TimeUnit.SECONDS);

		DeployControls cancelled = controls(null, new DeployCancelling(DeployId.of("d-1"), ServiceName.of("orders"),
				Version.of("v2"), "ops", "wrong day", Instant.now()));
		assertThat(cancelled.cancelled()).isEqualTo("ops: wrong day");
	}

	private DeployControls controls(DeployPaused paused, DeployCancelling cancelling) {
		return new DeployControls(DeployId.of("d-1"), ServiceName.of("orders"), Version.of("v2"), (step) -> {
			this.passedWhenRecorded.add(this.passed);
			this.record.add(step);
		}, Clock.systemUTC(), paused, cancelling);
	}

	private void passCheckpoint() {
		try {
			this.controls.checkpoint();
			this.passed = "checkpoint";
		}
		catch (InterruptedException ex) {
			Thread.currentThread().interrupt();
		}
	}

	private boolean bake(Duration duration) {
		try {
			return this.controls.cancelledWithin(duration);
		}
		catch (InterruptedException ex) {
			Thread.currentThread().interrupt();
			return false;
		}
	}

}
