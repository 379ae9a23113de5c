package dev.baton.cli;

import java.io.PrintWriter;
import java.io.StringWriter;
import java.time.Instant;
import java.util.List;
import java.util.Map;
import java.util.UUID;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.ExecutionException;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.TimeoutException;

import org.apache.kafka.clients.consumer.ConsumerRecord;
import org.apache.kafka.clients.producer.KafkaProducer;
import org.apache.kafka.clients.producer.ProducerConfig;
import org.apache.kafka.clients.producer.ProducerRecord;
import org.apache.kafka.common.serialization.StringSerializer;
import picocli.CommandLine;

import dev.baton.kafka.testing.TestKafka;

import static org.assertj.core.api.Assertions.assertThat;

/**
 * One installation of its own (a fresh topic prefix) on a real broker, written to as the
 * services and CI would, and the {@code baton} command run against it.
 */
final class CliBench implements AutoCloseable {

	private final String bootstrapServers;

	private final String prefix = "c" + UUID.randomUUID().toString().substring(0, 8) + ".";

	private final TestKafka kafka;

	private KafkaProducer<String, String> timedProducer;

	CliBench(String bootstrapServers) {
		this.bootstrapServers = bootstrapServers;
		this.kafka = new TestKafka(bootstrapServers);
	}

	String topic(String suffix) {
		return this.prefix + suffix;
	}

	void send(String topicSuffix, String key, String value) {
		this.kafka.send(topic(topicSuffix), key, value);
	}

	/**
	 * Publishes a record whose Kafka timestamp is in the past, as if it had been written
	 * then.
	 */
	void sendAt(Instant timestamp, String topicSuffix, String key, String value) {
		if (this.timedProducer == null) {
			this.timedProducer = new KafkaProducer<>(Map.of(ProducerConfig.BOOTSTRAP_SERVERS_CONFIG,
					this.bootstrapServers, ProducerConfig.ACKS_CONFIG, "all"), new StringSerializer(),
					new StringSerializer());
		}
		try {
			this.timedProducer
				.send(new ProducerRecord<>(topic(topicSuffix), null, timestamp.toEpochMilli(), key, value))
				.get(30, TimeUnit.SECONDS);
		}
		catch (InterruptedException ex) {
			Thread.currentThread().interrupt();
			throw new IllegalStateException(ex);
		}
		catch (ExecutionException | TimeoutException ex) {
			throw new IllegalStateException("could not send to " + topic(topicSuffix), ex);
		}
	}

	List<ConsumerRecord<String, String>> readAll(String topicSuffix) {
		return this.kafka.readAll(topic(topicSuffix));
	}

	Connection connection() {
		Connection connection = new Connection();
		new CommandLine(connection).parseArgs("--bootstrap-servers", this.bootstrapServers, "--topic-prefix",
				this.prefix);
		return connection;
	}

	Result baton(String... args) {
		String[] all = new String[args.length + 4];
		System.arraycopy(args, 0, all, 0, args.length);
		System.arraycopy(new String[] { "--bootstrap-servers", this.bootstrapServers, "--topic-prefix", this.prefix },
				0, all, args.length, 4);
		StringWriter out = new StringWriter();
		StringWriter err = new StringWriter();
		int code = CompletableFuture
			.supplyAsync(() -> BatonCommand.run(new PrintWriter(out, true), new PrintWriter(err, true), all))
			.join();
		return new Result(code, out.toString(), err.toString());
	}

	@Override
	public void close() {
		if (this.timedProducer != null) {
			this.timedProducer.close();
		}
		this.kafka.close();
	}

	record Result(int code, String out, String err) {

		/**
		 * The one line of the output that starts with a name (an instance's, a node's).
		 * @param name the name
		 * @return the line, without trailing blanks
		 */
		String line(String name) {
			List<String> lines = this.out.lines().filter((line) -> line.startsWith(name + " ")).toList();
			assertThat(lines).as("the line of %s in%n%s%s", name, this.out, this.err).hasSize(1);
			return lines.get(0).stripTrailing();
		}

	}

}
