package dev.baton.registry.kafka;

import java.util.Map;

import org.apache.kafka.common.TopicPartition;
import org.springframework.kafka.listener.ConsumerSeekAware;

/**
 * A listener that reads on exactly where {@link RegistryStartup}'s read-back of its topic
 * ended, with no committed position of its own: nothing read then is read twice, nothing
 * after it is missed.
 */
abstract class ReadOnFromStartup implements ConsumerSeekAware {

	private final boolean unreadFromBeginning;

	private volatile Map<TopicPartition, Long> startAt = Map.of();

	/**
	 * @param unreadFromBeginning where a partition the start-up did not read (one added
	 * since) is read from: its beginning, or its end
	 */
	ReadOnFromStartup(boolean unreadFromBeginning) {
		this.unreadFromBeginning = unreadFromBeginning;
	}

	/**
	 * Where live reading starts; call before the listener starts.
	 * @param positions the offset each partition was read up to
	 */
	void startFrom(Map<TopicPartition, Long> positions) {
		this.startAt = Map.copyOf(positions);
	}

	@Override
	public void onPartitionsAssigned(Map<TopicPartition, Long> assignments, ConsumerSeekCallback callback) {
		for (TopicPartition partition : assignments.keySet()) {
			Long position = this.startAt.get(partition);
			if (position != null) {
				callback.seek(partition.topic(), partition.partition(), position);
			}
			else if (this.unreadFromBeginning) {
				callback.seekToBeginning(partition.topic(), partition.partition());
			}
			else {
				callback.seekToEnd(partition.topic(), partition.partition());
			}
		}
	}

}
