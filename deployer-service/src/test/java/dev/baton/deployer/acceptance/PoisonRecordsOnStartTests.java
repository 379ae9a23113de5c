package dev.baton.deployer.acceptance;

import java.nio.file.Path;
import java.time.Duration;

import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.ExtendWith;
import org.junit.jupiter.api.io.TempDir;

import org.springframework.boot.test.system.CapturedOutput;
import org.springframework.boot.test.system.OutputCaptureExtension;
import org.springframework.context.ConfigurableApplicationContext;
import org.springframework.kafka.test.condition.EmbeddedKafkaCondition;
import org.springframework.kafka.test.context.EmbeddedKafka;

import dev.baton.contracts.Topic;
import dev.baton.kafka.testing.PoisonRecords;

import static org.assertj.core.api.Assertions.assertThat;
import static org.awaitility.Awaitility.await;

/**
 * A record typed by hand on a topic the deployer rebuilds its state from (a gate key
 * naming no gate, say) is skipped and dead-lettered once with its reason: it never stops
 * the deployer from starting, however often it starts.
 */
@EmbeddedKafka(partitions = 3)
@ExtendWith(OutputCaptureExtension.class)
class PoisonRecordsOnStartTests {

	private static final Duration WAIT = Duration.ofSeconds(60);

	private static final Topic[] REPLAYED = { Topic.NGINX_COMMANDS, Topic.REGISTRY_STATE, Topic.DEPLOY_STEPS };

	@TempDir
	Path state;

	private DeployerWorld world;

	@BeforeEach
	void setUp() {
		this.world = new DeployerWorld(EmbeddedKafkaCondition.getBroker().getBrokersAsString(), this.state);
	}

	@AfterEach
	void tearDown() {
		this.world.close();
	}

	@Test
	void startsTwiceOverABadKeyAndABadValueOnEachReplayedTopicAndDeadLettersEachOnce(CapturedOutput output) {
		this.world.instances(DeployerWorld.ORDERS, 2, "v1");
		PoisonRecords poison = new PoisonRecords(this.world.kafka, this.world.prefix);
		poison.writeOn(REPLAYED);

		ConfigurableApplicationContext first = this.world.startDeployer();
		assertThat(first.isRunning()).isTrue();
		await().atMost(WAIT).until(() -> poison.deadLettered(REPLAYED));
		first.close();

		int restartedAt = output.length();
		ConfigurableApplicationContext second = this.world.startDeployer();
		assertThat(second.isRunning()).isTrue();
		await().atMost(WAIT).until(() -> poison.metAgain(output.toString().substring(restartedAt), REPLAYED));

		for (Topic topic : REPLAYED) {
			poison.assertEachDeadLetteredOnce(topic);
		}
	}

}
