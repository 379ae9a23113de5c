package dev.baton.nginx.kafka;

import java.time.Instant;
import java.util.Map;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.CompletionException;
import java.util.concurrent.ConcurrentHashMap;

import org.apache.kafka.common.TopicPartition;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

import dev.baton.contracts.Topic;
import dev.baton.contracts.nginx.NginxCommand;
import dev.baton.contracts.nginx.NginxEvent;
import dev.baton.kafka.CompactedTopicReader;
import dev.baton.kafka.PeerPartitions;
import dev.baton.nginx.sync.GateCommands;
import dev.baton.nginx.sync.OwedAnswers;

/**
 * Rebuilds the desired state from the whole compacted {@code nginx.commands} before the
 * node pushes anything, so nginx never sees a half-replayed state, then answers what the
 * node still owes: the recent commands it has no answer to on {@code nginx.events} (a
 * drain or an apply requested while it was down). The listener starts where the replay
 * stopped, so no record falls between the two.
 */
public class CommandReplay {

	private static final Logger logger = LoggerFactory.getLogger(CommandReplay.class);

	private final CompactedTopicReader reader;

	private final GateCommands commands;

	private final OwedAnswers owed;

	private final PeerPartitions partitions;

	private final Map<TopicPartition, Long> ends = new ConcurrentHashMap<>();

	public CommandReplay(CompactedTopicReader reader, GateCommands commands, OwedAnswers owed,
			PeerPartitions partitions) {
		this.reader = reader;
		this.commands = commands;
		this.owed = owed;
		this.partitions = partitions;
	}

	/**
	 * Reads every command from the start, then queues the answers still owed.
	 * @return how many records were read
	 */
	public long replay() {
		// Both reads take a consumer of their own: reading the answers meanwhile saves a
		// restarted node the time of one.
		CompletableFuture<Long> answersRead = CompletableFuture.supplyAsync(this::readAnswers);
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
		long[] records = { 0 };
		this.ends.putAll(this.reader.readSince(Topic.NGINX_COMMANDS, Instant.EPOCH, (key, value, position) -> {
			this.partitions.require(key, position.partition());
			this.commands.restore(key, (NginxCommand) value);
			records[0]++;
		}));
		return records[0];
	}

	/**
	 * Reads {@code nginx.events} back over the answer window, so the node knows which
	 * commands it already answered. The window starts on this host's clock, which stamped
	 * the answers it looks for; an answer it misses only makes the node answer again,
	 * which no waiter minds.
	 */
	private long readAnswers() {
		long[] events = { 0 };
		this.reader.readSince(Topic.NGINX_EVENTS, Instant.now().minus(this.owed.window()), (key, value) -> {
			if (value instanceof NginxEvent event) {
				this.owed.answered(event);
				events[0]++;
			}
		});
		return events[0];
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
