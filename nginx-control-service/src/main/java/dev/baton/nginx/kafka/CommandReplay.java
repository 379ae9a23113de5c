package dev.baton.nginx.kafka;

import java.util.Map;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.CompletionException;
import java.util.concurrent.ConcurrentHashMap;

import org.apache.kafka.clients.consumer.Consumer;
import org.apache.kafka.common.TopicPartition;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

import org.springframework.kafka.core.ConsumerFactory;

import dev.baton.contracts.Topic;
import dev.baton.contracts.nginx.NginxCommand;
import dev.baton.kafka.CompactedTopicReader;
import dev.baton.kafka.TopicNames;
import dev.baton.nginx.sync.GateCommands;
import dev.baton.nginx.sync.OwedAnswers;

/**
 * Rebuilds the desired state from the whole compacted {@code nginx.commands} before the
 * node pushes anything, so nginx never sees a half-replayed state, then answers what the
 * node still owes: the recent commands it has no answer to on {@code nginx.events} (a
 * drain or an apply requested while it was down). The end offsets are taken before
 * reading: the listener starts there, so no record falls between the two (a few may be
 * seen twice, which handling makes harmless).
 */
public class CommandReplay {

	private static final Logger logger = LoggerFactory.getLogger(CommandReplay.class);

	private final CompactedTopicReader reader;

	private final ConsumerFactory<String, Object> consumers;

	private final String topic;

	private final GateCommands commands;

	private final OwedAnswers owed;

	private final AnswerReadBack answers;

	private final Map<TopicPartition, Long> ends = new ConcurrentHashMap<>();

	public CommandReplay(CompactedTopicReader reader, ConsumerFactory<String, Object> consumers, TopicNames names,
			GateCommands commands, OwedAnswers owed) {
		this.reader = reader;
		this.consumers = consumers;
		this.topic = names.name(Topic.NGINX_COMMANDS);
		this.commands = commands;
		this.owed = owed;
		this.answers = new AnswerReadBack(consumers, names);
	}

	/**
	 * Reads every command from the start, then queues the answers still owed.
	 * @return how many records were read
	 */
	public long replay() {
		// Both reads take a consumer of their own: reading the answers meanwhile saves a
		// restarted node the time of one.
		CompletableFuture<Long> answersRead = CompletableFuture.supplyAsync(() -> this.answers.readInto(this.owed));
		long records = rebuild();
		long events = joined(answersRead);
		int owedAnswers = this.commands.answerOwed();
		logger.info("Read {} events of the last {} back: {} commands still awaited this node's answer", events,
				this.owed.window(), owedAnswers);
		return records;
	}

	private static long joined(CompletableFuture<Long> read) {
		try {
			return read.join();
		}
		catch (CompletionException ex) {
			if (ex.getCause() instanceof RuntimeException cause) {
				throw cause;
			}
			throw ex;
		}
	}

	private long rebuild() {
		try (Consumer<String, Object> consumer = this.consumers.createConsumer(null, "offsets-nginx-commands")) {
			this.ends.putAll(consumer.endOffsets(consumer.partitionsFor(this.topic)
				.stream()
				.map((info) -> new TopicPartition(this.topic, info.partition()))
				.toList()));
		}
		return this.reader.readToEnd(Topic.NGINX_COMMANDS,
				(key, value) -> this.commands.restore(key, (NginxCommand) value));
	}

	/**
	 * Where the listener starts in a partition.
	 * @param partition the partition
	 * @return the offset the replay read up to, 0 for a partition it did not know
	 */
	long startOf(TopicPartition partition) {
		return this.ends.getOrDefault(partition, 0L);
	}

}
