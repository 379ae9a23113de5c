package dev.baton.kafka;

import java.time.Duration;
import java.time.Instant;
import java.util.List;
import java.util.Map;
import java.util.concurrent.CopyOnWriteArrayList;

import org.apache.kafka.common.TopicPartition;
import org.junit.jupiter.api.Test;

import org.springframework.beans.factory.annotation.Autowired;
import org.springframework.beans.factory.annotation.Value;
import org.springframework.boot.SpringBootConfiguration;
import org.springframework.boot.autoconfigure.EnableAutoConfiguration;
import org.springframework.boot.test.context.SpringBootTest;
import org.springframework.kafka.test.context.EmbeddedKafka;

import dev.baton.contracts.deploy.DeployStep;
import dev.baton.kafka.testing.TestKafka;

import static org.assertj.core.api.Assertions.assertThat;

/**
 * Reading back "the last few minutes" of a topic counts them back from its newest record,
 * on the clock of the writer that stamped them, so a reader whose clock runs far ahead of
 * the writer's still reads them, and one far behind does not read everything.
 */
@SpringBootTest(properties = { "spring.kafka.bootstrap-servers=${spring.embedded.kafka.brokers}",
		"spring.main.web-application-type=none" })
@EmbeddedKafka(partitions = 2, topics = { "baton.deploy.steps" })
class RecentHistoryTests {

	private static final String TOPIC = "baton.deploy.steps";

	@Autowired
	private CompactedTopicReader reader;

	@Value("${spring.embedded.kafka.brokers}")
	private String brokers;

	@Test
	void readsWhatTheWriterPublishedWithinTheLookbackOfItsNewestRecordWhateverThisReadersClockSays() {
		// the writer's clock an hour behind this reader's
		Instant writerNow = Instant.now().minus(Duration.ofHours(1));
		try (TestKafka kafka = new TestKafka(this.brokers)) {
			kafka.send(TOPIC, "orders", rejected("too-old"), writerNow.minus(Duration.ofMinutes(7)));
			kafka.send(TOPIC, "orders", rejected("recent"), writerNow.minus(Duration.ofMinutes(3)));
			kafka.send(TOPIC, "orders", rejected("newest"), writerNow);
		}
		List<String> read = new CopyOnWriteArrayList<>();

		Map<TopicPartition, Long> end = this.reader.readLatest(
				List.of(new TopicPartition(TOPIC, 0), new TopicPartition(TOPIC, 1)), Duration.ofMinutes(5),
				(key, value) -> read.add(((DeployStep) value).deployId().value()));

		assertThat(read).containsExactly("recent", "newest");
		assertThat(end.values().stream().mapToLong(Long::longValue).sum()).isEqualTo(3);
	}

	private static String rejected(String deployId) {
		return "{\"type\":\"DeployRejected\",\"deployId\":\"" + deployId + "\",\"service\":\"orders\","
				+ "\"reason\":\"test\",\"at\":\"" + Instant.now() + "\"}";
	}

	@SpringBootConfiguration
	@EnableAutoConfiguration
	static class Service {

	}

}
