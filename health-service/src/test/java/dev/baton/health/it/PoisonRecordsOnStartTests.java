package dev.baton.health.it;

import java.time.Duration;

import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.ExtendWith;

import org.springframework.boot.test.system.CapturedOutput;
import org.springframework.boot.test.system.OutputCaptureExtension;
import org.springframework.context.ConfigurableApplicationContext;
import org.springframework.kafka.test.condition.EmbeddedKafkaCondition;
import org.springframework.kafka.test.context.EmbeddedKafka;

import dev.baton.contracts.InstanceId;
import dev.baton.contracts.Topic;
import dev.baton.health.support.Records;
import dev.baton.health.support.TestInstance;
import dev.baton.kafka.testing.PoisonRecords;

import static org.assertj.core.api.Assertions.assertThat;
import static org.awaitility.Awaitility.await;

/**
 * health-service reads {@code registry.state} and recent {@code deploy.steps} again at
 * every start: a record typed by hand there (a key that is no instance id or service, a
 * value that is not JSON) is dead-lettered once with its reason, not once per start, and
 * the instances around it are still probed.
 */
@EmbeddedKafka(partitions = HealthHarness.PARTITIONS)
@ExtendWith(OutputCaptureExtension.class)
class PoisonRecordsOnStartTests {

	private static final Duration WAIT = Duration.ofSeconds(60);

	private static final Topic[] REPLAYED = { Topic.REGISTRY_STATE, Topic.DEPLOY_STEPS };

	private HealthHarness harness;

	@BeforeEach
	void openHarness() {
		this.harness = new HealthHarness(EmbeddedKafkaCondition.getBroker().getBrokersAsString());
	}

	@AfterEach
	void closeHarness() {
		this.harness.close();
	}

	@Test
	void startsTwiceOverABadKeyAndABadValueOnEachReplayedTopicAndDeadLettersEachOnce(CapturedOutput output) {
		TestInstance instance = this.harness.instance();
		this.harness.registry("orders-1", Records.registered("orders-1", instance.port()));
		PoisonRecords poison = new PoisonRecords(this.harness.kafka(), this.harness.topic(""));
		poison.writeOn(REPLAYED);

		ConfigurableApplicationContext first = this.harness.startReplica("r1");
		await().atMost(WAIT).until(() -> poison.deadLettered(REPLAYED));
		await().atMost(WAIT).until(() -> HealthHarness.fleet(first).contains(InstanceId.of("orders-1")));
		first.close();

		int restartedAt = output.length();
		ConfigurableApplicationContext second = this.harness.startReplica("r1");
		await().atMost(WAIT).until(() -> poison.metAgain(output.toString().substring(restartedAt), REPLAYED));
		await().atMost(WAIT).until(() -> HealthHarness.fleet(second).contains(InstanceId.of("orders-1")));

		for (Topic topic : REPLAYED) {
			poison.assertEachDeadLetteredOnce(topic);
		}
		assertThat(HealthHarness.fleet(second)).containsExactly(InstanceId.of("orders-1"));
	}

}
