package dev.baton.deployer.acceptance;

import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Instant;
import java.util.ArrayList;
import java.util.List;

import dev.baton.contracts.Topic;
import dev.baton.contracts.Version;
import dev.baton.contracts.deploy.DeployStep;
import dev.baton.contracts.deploy.InstanceRestarted;
import dev.baton.contracts.health.HealthStatus;
import dev.baton.contracts.health.HealthVerdictMessage;
import dev.baton.contracts.health.VerdictIssued;
import dev.baton.kafka.testing.TestKafka;

/**
 * Plays health-service by the real protocol: on every {@link InstanceRestarted} it
 * "probes" the instance, whose running version is what the fake runtime last started, and
 * publishes the verdict naming the restart step. Versions steer the instance: one
 * containing {@code sick} answers 503, {@code silent} never answers, {@code liar} reports
 * {@code v0} whatever it runs.
 */
final class FakeHealthService implements AutoCloseable {

	private final TestKafka kafka;

	private final String verdicts;

	private final Path runtimeState;

	private final TopicFollower steps;

	private List<Runnable> held;

	FakeHealthService(TestKafka kafka, String prefix, Path runtimeState) {
		this.kafka = kafka;
		this.verdicts = Topic.HEALTH_VERDICTS.nameWith(prefix);
		this.runtimeState = runtimeState;
		this.steps = new TopicFollower(kafka.bootstrapServers(), Topic.DEPLOY_STEPS.nameWith(prefix), (key, value) -> {
			if (Json.read(value, DeployStep.class) instanceof InstanceRestarted restarted
					&& restarted.exitCode() == 0) {
				probe(restarted);
			}
		});
	}

	/**
	 * Keeps verdicts back until {@link #release()}, as a slow or stopped health-service.
	 */
	synchronized void hold() {
		this.held = new ArrayList<>();
	}

	/** Publishes the verdicts held back, and later ones at once. */
	void release() {
		List<Runnable> verdicts;
		synchronized (this) {
			verdicts = this.held;
			this.held = null;
		}
		verdicts.forEach(Runnable::run);
	}

	private void probe(InstanceRestarted restarted) {
		synchronized (this) {
			if (this.held != null) {
				this.held.add(() -> answer(restarted));
				return;
			}
		}
		answer(restarted);
	}

	private void answer(InstanceRestarted restarted) {
		String running = running(restarted);
		if (running.contains("silent")) {
			return;
		}
		boolean sick = running.contains("sick");
		Version reported = running.contains("liar") ? Version.of("v0") : Version.of(running);
		VerdictIssued verdict = new VerdictIssued(restarted.instanceId(), restarted.service(), restarted.host(),
				restarted.port(), sick ? HealthStatus.UNHEALTHY : HealthStatus.HEALTHY, reported, sick ? "503" : "", 2,
				sick ? 0 : 2, sick ? 3 : 0, Instant.now(), restarted.stepId());
		this.kafka.send(this.verdicts, restarted.instanceId().value(), Json.write(HealthVerdictMessage.class, verdict));
	}

	private String running(InstanceRestarted restarted) {
		try {
			return Files.readString(this.runtimeState.resolve(restarted.instanceId().value() + ".version"));
		}
		catch (IOException ex) {
			throw new UncheckedIOException(ex);
		}
	}

	@Override
	public void close() throws InterruptedException {
		this.steps.close();
	}

}
