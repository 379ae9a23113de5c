package dev.baton.registry.kafka;

import java.util.Map;

import org.apache.kafka.common.TopicPartition;

import org.springframework.kafka.annotation.KafkaListener;
import org.springframework.kafka.listener.ConsumerSeekAware;

import dev.baton.contracts.deploy.DeployStep;
import dev.baton.registry.membership.Registry;

/**
 * Hands deploy steps to the registry, which learns from them the versions each service
 * expects. Like the registry's other listeners it reads every partition by assignment, so
 * it reads on at once after a {@code kill -9}; it keeps no committed position either: it
 * starts exactly where {@link RegistryStartup}'s read of the whole topic ended, so no
 * step is learned twice out of order and none is missed.
 */
public class ExpectedVersionsListener implements ConsumerSeekAware {

	static final String DEPLOY_STEPS = "registry-deploy-steps";

	private final Registry registry;

	private volatile Map<TopicPartition, Long> startAt = Map.of();

	public ExpectedVersionsListener(Registry registry) {
		this.registry = registry;
	}

	/**
	 * Where live reading starts, once the steps before are learned; call before the
	 * listener starts.
	 * @param positions the offset each partition was read up to
	 */
	void startFrom(Map<TopicPartition, Long> positions) {
		this.startAt = Map.copyOf(positions);
	}

	@KafkaListener(id = DEPLOY_STEPS, idIsGroup = false, autoStartup = "false",
			topicPartitions = @org.springframework.kafka.annotation.TopicPartition(
					topic = "#{@batonTopicNames.name(T(dev.baton.contracts.Topic).DEPLOY_STEPS)}",
					partitions = "#{@batonPartitions.of(T(dev.baton.contracts.Topic).DEPLOY_STEPS)}"))
	void on(DeployStep step) {
		this.registry.handle(step);
	}

	/**
	 * A partition the start-up did not read (one added since) is read from its beginning.
	 */
	@Override
	public void onPartitionsAssigned(Map<TopicPartition, Long> assignments, ConsumerSeekCallback callback) {
		for (TopicPartition partition : assignments.keySet()) {
			Long position = this.startAt.get(partition);
			if (position != null) {
				callback.seek(partition.topic(), partition.partition(), position);
			}
			else {
				callback.seekToBeginning(partition.topic(), partition.partition());
			}
		}
	}

}
