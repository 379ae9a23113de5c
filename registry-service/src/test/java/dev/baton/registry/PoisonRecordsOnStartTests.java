package dev.baton.registry;

import java.time.Duration;
import java.util.UUID;

import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.ExtendWith;

import org.springframework.boot.test.system.CapturedOutput;
import org.springframework.boot.test.system.OutputCaptureExtension;
import org.springframework.kafka.test.condition.EmbeddedKafkaCondition;
import org.springframework.kafka.test.context.EmbeddedKafka;

import dev.baton.contracts.Topic;
import dev.baton.kafka.testing.PoisonRecords;
import dev.baton.kafka.testing.TestKafka;

import static org.assertj.core.api.Assertions.assertThat;
import static org.awaitility.Awaitility.await;

/**
 * A record typed by hand on a topic the registry rebuilds itself from (a snapshot under a
 * key that is no instance id, a gate command that is not JSON, a deploy step under a key
 * that is no service name) is skipped and dead-lettered once with its reason, however
 * often the registry starts, and never becomes part of its state.
 */
@EmbeddedKafka(partitions = 3)
@ExtendWith(OutputCaptureExtension.class)
class PoisonRecordsOnStartTests {

	private static final Duration WAIT = Duration.ofSeconds(60);

	private static final Topic[] REPLAYED = { Topic.REGISTRY_STATE, Topic.NGINX_COMMANDS, Topic.DEPLOY_STEPS };

	private final String prefix = "p" + UUID.randomUUID().toString().substring(0, 8) + ".";

	private TestKafka kafka;

	@BeforeEach
	void openKafka() {
		this.kafka = new TestKafka(EmbeddedKafkaCondition.getBroker().getBrokersAsString());
	}

	@AfterEach
	void closeKafka() {
		this.kafka.close();
	}

	@Test
	void startsTwiceOverABadKeyAndABadValueOnEachReplayedTopicAndDeadLettersEachOnce(CapturedOutput output) {
		PoisonRecords poison = new PoisonRecords(this.kafka, this.prefix);
		poison.writeOn(REPLAYED);

		try (RunningRegistry first = start()) {
			assertThat(first.instances()).isEmpty();
			await().atMost(WAIT).until(() -> poison.deadLettered(REPLAYED));
		}
		int restartedAt = output.length();
		try (RunningRegistry second = start()) {
			await().atMost(WAIT).until(() -> poison.metAgain(output.toString().substring(restartedAt), REPLAYED));
			assertThat(second.instances()).isEmpty();
		}

		for (Topic topic : REPLAYED) {
			poison.assertEachDeadLetteredOnce(topic);
		}
	}

	private RunningRegistry start() {
		return RunningRegistry.start(EmbeddedKafkaCondition.getBroker().getBrokersAsString(), this.prefix);
	}

}
