package dev.baton.registry.kafka;

import java.util.HashMap;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

import org.apache.kafka.clients.consumer.ConsumerRecord;

import org.springframework.kafka.annotation.KafkaListener;
import org.springframework.kafka.annotation.TopicPartition;
import org.springframework.kafka.listener.BatchListenerFailedException;
import org.springframework.kafka.listener.ConsumerSeekAware;
import org.springframework.kafka.support.serializer.DeserializationException;

import dev.baton.contracts.RecordPosition;
import dev.baton.contracts.Topic;
import dev.baton.contracts.health.VerdictIssued;
import dev.baton.contracts.operation.OperationMessage;
import dev.baton.contracts.registration.RegistrationMessage;
import dev.baton.kafka.FailureReason;
import dev.baton.kafka.TopicNames;
import dev.baton.kafka.UnreadableRecords;
import dev.baton.registry.membership.Registry;

/**
 * Hands registrations, operators' decisions and verdicts to the registry. Both start only
 * after the registry has rebuilt its state (see {@link RegistryStartup}). There is one
 * registry per installation, so each listener takes every partition by assignment rather
 * than through a consumer group: a registry killed with {@code kill -9} and started again
 * reads on at once, where a group would hold its partitions until the dead member's
 * session timed out. The group ids only keep the committed positions. How far verdicts
 * are read is kept for the deploy steps that wait for them ({@link VerdictsRead}).
 */
public class RegistryListeners implements ConsumerSeekAware {

	static final String REGISTRATIONS = "registry-registrations";

	static final String OPERATIONS = "registry-operations";

	static final String VERDICTS = "registry-verdicts";

	static final String VERDICTS_GROUP = "baton-registry.verdicts";

	private final Registry registry;

	private final VerdictsRead verdictsRead;

	private final String verdictsTopic;

	public RegistryListeners(Registry registry, VerdictsRead verdictsRead, TopicNames topics) {
		this.registry = registry;
		this.verdictsRead = verdictsRead;
		this.verdictsTopic = topics.name(Topic.HEALTH_VERDICTS);
	}

	/**
	 * Only observes where the verdict listener starts: every listener here reads on from
	 * its group's position.
	 */
	@Override
	public void onPartitionsAssigned(Map<org.apache.kafka.common.TopicPartition, Long> assignments,
			ConsumerSeekCallback callback) {
		Map<Integer, Long> verdictPositions = new HashMap<>();
		assignments.forEach((partition, position) -> {
			if (partition.topic().equals(this.verdictsTopic) && position != null) {
				verdictPositions.put(partition.partition(), position);
			}
		});
		this.verdictsRead.startingAt(verdictPositions);
	}

	@KafkaListener(id = REGISTRATIONS, groupId = "baton-registry.registrations", autoStartup = "false",
			topicPartitions = @TopicPartition(
					topic = "#{@batonTopicNames.name(T(dev.baton.contracts.Topic).REGISTRATIONS)}",
					partitions = "#{@batonPartitions.of(T(dev.baton.contracts.Topic).REGISTRATIONS)}"))
	void on(RegistrationMessage message) {
		this.registry.handle(message);
	}

	@KafkaListener(id = OPERATIONS, groupId = "baton-registry.operations", autoStartup = "false",
			topicPartitions = @TopicPartition(
					topic = "#{@batonTopicNames.name(T(dev.baton.contracts.Topic).OPERATIONS)}",
					partitions = "#{@batonPartitions.of(T(dev.baton.contracts.Topic).OPERATIONS)}"))
	void on(OperationMessage message) {
		this.registry.handle(message);
	}

	/**
	 * Takes verdicts a poll at a time. A registry that was frozen or cut from the broker
	 * finds a backlog; each instance's newest verdict in it is judged, and those it
	 * supersedes are not: they say nothing of now, and judged one by one they would close
	 * and reopen gates of instances that serve (beside a peer a deploy drains, that
	 * leaves no peer up). An instance's verdicts share its key, hence its partition, so
	 * the last of its records here is its newest.
	 * <p>
	 * A record that cannot be judged ends the poll there: everything before it is judged,
	 * and the error handler dead-letters it and reads on after it.
	 */
	@KafkaListener(id = VERDICTS, groupId = VERDICTS_GROUP, autoStartup = "false", batch = "true",
			topicPartitions = @TopicPartition(
					topic = "#{@batonTopicNames.name(T(dev.baton.contracts.Topic).HEALTH_VERDICTS)}",
					partitions = "#{@batonPartitions.of(T(dev.baton.contracts.Topic).HEALTH_VERDICTS)}"))
	void on(List<ConsumerRecord<String, Object>> records) {
		int failed = firstUnreadable(records);
		Map<String, Integer> newest = new LinkedHashMap<>();
		for (int index = 0; index < failed; index++) {
			newest.remove(records.get(index).key());
			newest.put(records.get(index).key(), index);
		}
		for (int index : newest.values()) {
			ConsumerRecord<String, Object> record = records.get(index);
			try {
				this.registry.handle((VerdictIssued) record.value(),
						new RecordPosition(record.partition(), record.offset()));
			}
			catch (RuntimeException ex) {
				throw new BatchListenerFailedException(FailureReason.of(ex), ex, index);
			}
		}
		for (int index = 0; index < failed; index++) {
			this.verdictsRead.read(new RecordPosition(records.get(index).partition(), records.get(index).offset()));
		}
		if (failed < records.size()) {
			throw new BatchListenerFailedException("unreadable verdict", unreadable(records.get(failed)), failed);
		}
	}

	private static int firstUnreadable(List<ConsumerRecord<String, Object>> records) {
		for (int index = 0; index < records.size(); index++) {
			if (unreadable(records.get(index)) != null) {
				return index;
			}
		}
		return records.size();
	}

	/**
	 * Why a record is no verdict, as a record listener would have been told; null for a
	 * verdict.
	 */
	private static RuntimeException unreadable(ConsumerRecord<String, Object> record) {
		DeserializationException failure = UnreadableRecords.failure(record);
		if (failure != null || record.value() instanceof VerdictIssued) {
			return failure;
		}
		return new IllegalArgumentException((record.value() == null) ? "a verdict record needs a value"
				: record.value().getClass().getSimpleName() + " is no verdict");
	}

}
