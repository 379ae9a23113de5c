package dev.baton.kafka;

import java.time.Duration;
import java.time.Instant;
import java.util.Collection;
import java.util.HashMap;
import java.util.HashSet;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.function.BiConsumer;

import org.apache.kafka.clients.consumer.Consumer;
import org.apache.kafka.clients.consumer.ConsumerRecord;
import org.apache.kafka.clients.consumer.OffsetAndMetadata;
import org.apache.kafka.clients.consumer.OffsetAndTimestamp;
import org.apache.kafka.common.PartitionInfo;
import org.apache.kafka.common.TopicPartition;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

import org.springframework.kafka.core.ConsumerFactory;
import org.springframework.kafka.listener.ConsumerRecordRecoverer;

import dev.baton.contracts.RecordPosition;
import dev.baton.contracts.Topic;

/**
 * Reads a topic from its beginning to its current end, so a service can rebuild the state
 * the topic holds before it starts acting. Every record passes the checks a live record
 * passes: one whose key or value cannot be read, or that the handler rejects as invalid,
 * is skipped and dead-lettered with its reason (once, however often it is replayed), and
 * the handler gets the next one. A record stays in a compacted topic for ever, so no
 * record may stop a service from starting; any other failure of the handler (a bug, the
 * broker gone) still propagates.
 */
public class CompactedTopicReader {

	private static final Logger logger = LoggerFactory.getLogger(CompactedTopicReader.class);

	private static final Duration POLL = Duration.ofMillis(200);

	private static final int NEWEST_POLLS = 25;

	private final ConsumerFactory<String, Object> consumers;

	private final TopicNames names;

	private final ConsumerRecordRecoverer deadLetters;

	CompactedTopicReader(ConsumerFactory<String, Object> consumers, TopicNames names,
			ConsumerRecordRecoverer deadLetters) {
		this.consumers = consumers;
		this.names = names;
		this.deadLetters = deadLetters;
	}

	/**
	 * Hands every valid record of the topic, oldest first per partition, to the handler;
	 * a tombstone arrives as a null value. A handler rejects a record by throwing what a
	 * live listener would: {@link IllegalArgumentException},
	 * {@link NullPointerException}, {@link ClassCastException} or
	 * {@link RejectedMessageException}.
	 * @param topic the topic
	 * @param handler receives key and value
	 * @return how many records the handler took
	 */
	public long readToEnd(Topic topic, BiConsumer<String, Object> handler) {
		return readToEnd(topic, (key, value, position) -> handler.accept(key, value));
	}

	/**
	 * {@link #readToEnd(Topic, BiConsumer)} for a handler that checks where a record
	 * lies, as a live listener can.
	 * @param topic the topic
	 * @param handler receives key, value and position
	 * @return how many records the handler took
	 */
	public long readToEnd(Topic topic, PositionedHandler handler) {
		String name = this.names.name(topic);
		Counts counts = new Counts();
		try (Consumer<String, Object> consumer = this.consumers.createConsumer(null, "rebuild-" + topic.suffix())) {
			List<TopicPartition> partitions = partitions(consumer, name);
			consumer.assign(partitions);
			consumer.seekToBeginning(partitions);
			readUpTo(consumer, consumer.endOffsets(partitions), handler, counts);
		}
		logger.info("Read {} records of {}; skipped {} invalid", counts.taken, name, counts.skipped);
		return counts.taken;
	}

	/**
	 * Reads what a consumer group has not consumed yet, from its committed position (the
	 * beginning for a partition it never committed) to the current end, with the same
	 * checks, then commits that end for the group: its listener, started next, goes on
	 * from there. Lets a service apply what it missed while down before it acts on its
	 * own state. Only for a group whose listener is not running.
	 * @param topic the topic, every partition of which is read
	 * @param groupId the group whose position is read and moved
	 * @param handler receives key and value of every valid record
	 * @return how many records the handler took
	 */
	public long catchUp(Topic topic, String groupId, BiConsumer<String, Object> handler) {
		return catchUp(topic, groupId, (key, value, position) -> handler.accept(key, value));
	}

	/**
	 * {@link #catchUp(Topic, String, BiConsumer)} for a handler that orders records by
	 * where they lie in their topic, as a live listener can.
	 * @param topic the topic, every partition of which is read
	 * @param groupId the group whose position is read and moved
	 * @param handler receives key, value and position of every valid record
	 * @return how many records the handler took
	 */
	public long catchUp(Topic topic, String groupId, PositionedHandler handler) {
		String name = this.names.name(topic);
		Counts counts = new Counts();
		// A consumer of the group, assigned partitions without seeking, starts where the
		// group last committed.
		try (Consumer<String, Object> consumer = this.consumers.createConsumer(groupId, "catch-up")) {
			List<TopicPartition> partitions = partitions(consumer, name);
			consumer.assign(partitions);
			Map<TopicPartition, Long> end = consumer.endOffsets(partitions);
			readUpTo(consumer, end, handler, counts);
			Map<TopicPartition, OffsetAndMetadata> caughtUp = new HashMap<>();
			end.forEach((partition, offset) -> caughtUp.put(partition, new OffsetAndMetadata(offset)));
			consumer.commitSync(caughtUp);
		}
		logger.info("Caught up {} records of {} for {}; skipped {} invalid", counts.taken, name, groupId,
				counts.skipped);
		return counts.taken;
	}

	/**
	 * Reads back the recent history of a topic, compacted or not, with the same checks:
	 * what a service needs to know of the work it still owes before a listener goes on
	 * from where this read ended.
	 * @param topic the topic, every partition of which is read
	 * @param since the oldest publication time read
	 * @param handler receives key and value of every valid record
	 * @return the offset each partition was read up to
	 */
	public Map<TopicPartition, Long> readSince(Topic topic, Instant since, BiConsumer<String, Object> handler) {
		return readSince(topic, since, (key, value, position) -> handler.accept(key, value));
	}

	/**
	 * {@link #readSince(Topic, Instant, BiConsumer)} for a handler that checks where a
	 * record lies, as a live listener can.
	 * @param topic the topic, every partition of which is read
	 * @param since the oldest publication time read
	 * @param handler receives key, value and position of every valid record
	 * @return the offset each partition was read up to
	 */
	public Map<TopicPartition, Long> readSince(Topic topic, Instant since, PositionedHandler handler) {
		try (Consumer<String, Object> consumer = this.consumers.createConsumer(null, "read-back")) {
			return readSince(consumer, partitions(consumer, this.names.name(topic)), since.toEpochMilli(), handler);
		}
	}

	/**
	 * Reads back the recent history of some partitions, as
	 * {@link #readSince(Topic, Instant, BiConsumer)} does for a whole topic.
	 * @param partitions the partitions to read
	 * @param sinceMillis the oldest publication time read, in epoch milliseconds
	 * @param handler receives key and value of every valid record
	 * @return the offset each partition was read up to
	 */
	public Map<TopicPartition, Long> readSince(Collection<TopicPartition> partitions, long sinceMillis,
			BiConsumer<String, Object> handler) {
		try (Consumer<String, Object> consumer = this.consumers.createConsumer(null, "read-back")) {
			return readSince(consumer, partitions, sinceMillis, (key, value, position) -> handler.accept(key, value));
		}
	}

	/**
	 * Reads back what was published within a lookback of the newest record of each
	 * partition, by the times the records carry. For a topic with one writer, the window
	 * then compares that writer's clock with itself, never with this reader's: a reader
	 * whose clock runs minutes ahead still finds the work it owes.
	 * @param partitions the partitions to read
	 * @param lookback how far before each partition's newest record to start
	 * @param handler receives key and value of every valid record
	 * @return the offset each partition was read up to
	 */
	public Map<TopicPartition, Long> readLatest(Collection<TopicPartition> partitions, Duration lookback,
			BiConsumer<String, Object> handler) {
		try (Consumer<String, Object> consumer = this.consumers.createConsumer(null, "read-back")) {
			Counts counts = new Counts();
			consumer.assign(partitions);
			Map<TopicPartition, Long> end = consumer.endOffsets(partitions);
			Map<TopicPartition, Long> since = new HashMap<>();
			newestTimes(consumer, end)
				.forEach((partition, newest) -> since.put(partition, Math.max(0, newest - lookback.toMillis())));
			Map<TopicPartition, OffsetAndTimestamp> found = consumer.offsetsForTimes(since);
			for (TopicPartition partition : partitions) {
				OffsetAndTimestamp first = found.get(partition);
				consumer.seek(partition, (first != null) ? first.offset() : end.get(partition));
			}
			readUpTo(consumer, end, handler, counts);
			logger.info("Read back {} records published within {} of the newest; skipped {} invalid", counts.taken,
					lookback, counts.skipped);
			return end;
		}
	}

	/**
	 * The time on the last record of each partition that has one, read from the record
	 * itself.
	 */
	private static Map<TopicPartition, Long> newestTimes(Consumer<String, Object> consumer,
			Map<TopicPartition, Long> end) {
		Map<TopicPartition, Long> newest = new HashMap<>();
		Map<TopicPartition, Long> beginning = consumer.beginningOffsets(end.keySet());
		end.forEach((partition, offset) -> {
			if (offset > beginning.get(partition)) {
				consumer.seek(partition, offset - 1);
			}
			else {
				consumer.pause(List.of(partition));
			}
		});
		Set<TopicPartition> expected = new HashSet<>(end.keySet());
		expected.removeAll(consumer.paused());
		// A partition whose last offset is a transaction marker holds no record there;
		// it is read from its start rather than missed.
		for (int polls = 0; !expected.isEmpty() && polls < NEWEST_POLLS; polls++) {
			for (ConsumerRecord<String, Object> record : consumer.poll(POLL)) {
				TopicPartition partition = new TopicPartition(record.topic(), record.partition());
				newest.merge(partition, record.timestamp(), Math::max);
				expected.remove(partition);
			}
		}
		expected.forEach((partition) -> newest.put(partition, 0L));
		consumer.resume(consumer.paused());
		return newest;
	}

	/**
	 * Where each partition of a topic stood at a moment: the offset of the first record
	 * published at or after it, or the end for a partition with none. A listener started
	 * there misses nothing published since.
	 * @param topic the topic
	 * @param at the moment
	 * @return the offsets, per partition
	 */
	public Map<TopicPartition, Long> positionsAt(Topic topic, Instant at) {
		try (Consumer<String, Object> consumer = this.consumers.createConsumer(null, "positions")) {
			return positions(consumer, partitions(consumer, this.names.name(topic)), at.toEpochMilli());
		}
	}

	private Map<TopicPartition, Long> readSince(Consumer<String, Object> consumer,
			Collection<TopicPartition> partitions, long sinceMillis, PositionedHandler handler) {
		Counts counts = new Counts();
		consumer.assign(partitions);
		Map<TopicPartition, Long> end = consumer.endOffsets(partitions);
		positions(consumer, partitions, sinceMillis).forEach(consumer::seek);
		readUpTo(consumer, end, handler, counts);
		logger.info("Read back {} records published since {}; skipped {} invalid", counts.taken,
				Instant.ofEpochMilli(sinceMillis), counts.skipped);
		return end;
	}

	private static List<TopicPartition> partitions(Consumer<?, ?> consumer, String topic) {
		return consumer.partitionsFor(topic)
			.stream()
			.map((PartitionInfo info) -> new TopicPartition(topic, info.partition()))
			.toList();
	}

	private static Map<TopicPartition, Long> positions(Consumer<?, ?> consumer, Collection<TopicPartition> partitions,
			long atMillis) {
		Map<TopicPartition, Long> at = new HashMap<>();
		partitions.forEach((partition) -> at.put(partition, atMillis));
		// the ends first: where no record is that recent yet, one published after the
		// ends
		// were read is still read from there. Read after the search, they would skip a
		// record published in between (a verdict while a deployer starts).
		Map<TopicPartition, Long> end = consumer.endOffsets(partitions);
		Map<TopicPartition, OffsetAndTimestamp> found = consumer.offsetsForTimes(at);
		Map<TopicPartition, Long> positions = new HashMap<>();
		for (TopicPartition partition : partitions) {
			OffsetAndTimestamp first = found.get(partition);
			positions.put(partition, (first != null) ? first.offset() : end.get(partition));
		}
		return positions;
	}

	private void readUpTo(Consumer<String, Object> consumer, Map<TopicPartition, Long> end,
			BiConsumer<String, Object> handler, Counts counts) {
		readUpTo(consumer, end, (key, value, position) -> handler.accept(key, value), counts);
	}

	private void readUpTo(Consumer<String, Object> consumer, Map<TopicPartition, Long> end, PositionedHandler handler,
			Counts counts) {
		while (!reached(consumer, end)) {
			for (ConsumerRecord<String, Object> record : consumer.poll(POLL)) {
				if (record.offset() >= end.get(new TopicPartition(record.topic(), record.partition()))) {
					continue;
				}
				if (handled(record, handler)) {
					counts.taken++;
				}
				else {
					counts.skipped++;
				}
			}
		}
	}

	private boolean handled(ConsumerRecord<String, Object> record, PositionedHandler handler) {
		Exception invalid = UnreadableRecords.failure(record);
		if (invalid == null) {
			try {
				handler.accept(record.key(), record.value(), new RecordPosition(record.partition(), record.offset()));
				return true;
			}
			catch (IllegalArgumentException | NullPointerException | ClassCastException | RejectedMessageException ex) {
				invalid = ex;
			}
		}
		this.deadLetters.accept(record, invalid);
		return false;
	}

	private static boolean reached(Consumer<String, Object> consumer, Map<TopicPartition, Long> end) {
		return end.entrySet().stream().allMatch((entry) -> consumer.position(entry.getKey()) >= entry.getValue());
	}

	private static final class Counts {

		private long taken;

		private long skipped;

	}

	/**
	 * Takes a record with its position, for readers whose order comes from the topic
	 * rather than from any time a record carries.
	 */
	@FunctionalInterface
	public interface PositionedHandler {

		void accept(String key, Object value, RecordPosition position);

	}

}
