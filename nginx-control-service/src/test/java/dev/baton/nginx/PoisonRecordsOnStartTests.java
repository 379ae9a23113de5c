package dev.baton.nginx;

import java.net.URI;
import java.net.http.HttpClient;
import java.net.http.HttpRequest;
import java.net.http.HttpResponse;
import java.time.Duration;
import java.util.List;

import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.ExtendWith;

import org.springframework.boot.test.system.CapturedOutput;
import org.springframework.boot.test.system.OutputCaptureExtension;
import org.springframework.kafka.test.condition.EmbeddedKafkaCondition;
import org.springframework.kafka.test.context.EmbeddedKafka;

import dev.baton.contracts.Topic;
import dev.baton.kafka.PeerPartitioner;
import dev.baton.kafka.testing.TestKafka;
import dev.baton.kafka.testing.PoisonRecords;

import static org.assertj.core.api.Assertions.assertThat;
import static org.awaitility.Awaitility.await;

/**
 * A record typed by hand on {@code nginx.commands} (a key naming no gate, a value that is
 * not JSON) stays there for ever, compaction or not: a node that starts, and starts
 * again, skips it, dead-letters it once with its reason, and its nginx goes on serving
 * the peers published before it.
 */
@EmbeddedKafka(partitions = 3)
@ExtendWith(OutputCaptureExtension.class)
class PoisonRecordsOnStartTests extends NodeWorldTests {

	private static final Duration WAIT = Duration.ofSeconds(60);

	@Override
	String bootstrapServers() {
		return EmbeddedKafkaCondition.getBroker().getBrokersAsString();
	}

	@Test
	void nodeStartsTwiceOverABadKeyAndABadValueDeadLettersEachOnceAndKeepsServing(CapturedOutput output)
			throws Exception {
		UpstreamServer peer = closeLater(new UpstreamServer());
		this.topics.up("orders", peer.endpoint());
		PoisonRecords poison = new PoisonRecords(this.world.kafka(), this.world.prefix());
		poison.writeOn(Topic.NGINX_COMMANDS);

		RunningNode first = this.world.node("node-a", "managed", List.of("orders"));
		await().atMost(WAIT).until(() -> Boolean.TRUE.equals(first.peers("orders").get(peer.endpoint())));
		assertThat(get(first.listenPort("orders"))).isEqualTo(String.valueOf(peer.port()));
		await().atMost(WAIT).until(() -> poison.deadLettered(Topic.NGINX_COMMANDS));
		first.close();

		int restartedAt = output.length();
		RunningNode second = this.world.node("node-a", "managed", List.of("orders"));
		await().atMost(WAIT)
			.until(() -> poison.metAgain(output.toString().substring(restartedAt), Topic.NGINX_COMMANDS));
		await().atMost(WAIT).until(() -> Boolean.TRUE.equals(second.peers("orders").get(peer.endpoint())));
		assertThat(get(second.listenPort("orders"))).isEqualTo(String.valueOf(peer.port()));

		poison.assertEachDeadLetteredOnce(Topic.NGINX_COMMANDS);
	}

	@Test
	void gateCommandsOffTheirPeersPartitionAreDeadLetteredLiveAndAtStartUpAndPutNoPeerInRotation() {
		UpstreamServer peer = closeLater(new UpstreamServer());
		UpstreamServer stray = closeLater(new UpstreamServer());
		this.topics.up("orders", peer.endpoint());
		TestKafka kafka = this.world.kafka();
		// Another client's producer, partitioning by the whole key as Kafka does.
		GateTopics elsewhere = new GateTopics(kafka,
				(topic, key, value) -> kafka.sendTo(topic, (PeerPartitioner.partitionOf(key, 3) + 1) % 3, key, value),
				this.world.prefix());

		RunningNode first = this.world.node("node-a", "managed", List.of("orders"));
		await().atMost(WAIT).until(() -> Boolean.TRUE.equals(first.peers("orders").get(peer.endpoint())));
		elsewhere.up("orders", stray.endpoint());
		await().atMost(WAIT).until(() -> strayLetters(kafka).size() == 2);
		assertThat(first.peers("orders")).containsOnlyKeys(peer.endpoint());
		first.close();

		RunningNode second = this.world.node("node-a", "managed", List.of("orders"));
		await().atMost(WAIT).until(() -> Boolean.TRUE.equals(second.peers("orders").get(peer.endpoint())));

		assertThat(second.peers("orders")).containsOnlyKeys(peer.endpoint());
		assertThat(strayLetters(kafka)).hasSize(2)
			.allSatisfy((reason) -> assertThat(reason).contains("not on its peer's partition"));
	}

	private List<String> strayLetters(TestKafka kafka) {
		return kafka.readAllBytes(this.world.prefix() + "nginx.commands-dlt")
			.stream()
			.map((letter) -> TestKafka.header(letter, "baton-dlt-reason"))
			.filter((reason) -> reason.contains("partition"))
			.toList();
	}

	private static String get(int port) throws Exception {
		return HttpClient.newHttpClient()
			.send(HttpRequest.newBuilder(URI.create("http://127.0.0.1:" + port + "/")).build(),
					HttpResponse.BodyHandlers.ofString())
			.body();
	}

}
