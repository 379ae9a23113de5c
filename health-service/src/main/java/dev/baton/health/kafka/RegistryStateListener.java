package dev.baton.health.kafka;

import java.util.Collection;
import java.util.Map;

import org.apache.kafka.common.TopicPartition;

import org.springframework.kafka.annotation.KafkaListener;
import org.springframework.kafka.listener.ConsumerSeekAware;
import org.springframework.kafka.support.KafkaHeaders;
import org.springframework.messaging.handler.annotation.Header;
import org.springframework.messaging.handler.annotation.Payload;

import dev.baton.contracts.registry.InstanceSnapshot;
import dev.baton.contracts.registry.RegistryStateMessage;
import dev.baton.health.fleet.ProbedInstances;

/**
 * Feeds the registry's compacted state to the fleet. Replicas share one consumer group,
 * so each probes the instances of its partitions; on every assignment the assigned
 * partitions are read again from their beginning, and revoked ones stop being probed.
 * Each replica is a static member of the group ({@link ReplicaMembership}): restarted, it
 * is handed its partitions back without waiting for the session of the process it
 * replaces.
 */
public class RegistryStateListener implements ConsumerSeekAware {

	private final ProbedInstances fleet;

	public RegistryStateListener(ProbedInstances fleet) {
		this.fleet = fleet;
	}

	@KafkaListener(id = "health-registry-state", groupId = "${baton.health.replica.group-id:health-service}",
			topics = "#{@batonTopicNames.name(T(dev.baton.contracts.Topic).REGISTRY_STATE)}",
			properties = { "group.instance.id=#{@healthReplicaMembership.instanceId()}",
					"session.timeout.ms=#{@healthReplicaMembership.sessionTimeout().toMillis()}" })
	void on(@Payload(required = false) RegistryStateMessage message, @Header(KafkaHeaders.RECEIVED_KEY) String key,
			@Header(KafkaHeaders.RECEIVED_PARTITION) int partition) {
		this.fleet.apply(partition, key, (InstanceSnapshot) message);
	}

	@Override
	public void onPartitionsAssigned(Map<TopicPartition, Long> assignments, ConsumerSeekCallback callback) {
		callback.seekToBeginning(assignments.keySet());
	}

	@Override
	public void onPartitionsRevoked(Collection<TopicPartition> partitions) {
		this.fleet.revoke(partitions.stream().map(TopicPartition::partition).toList());
	}

}
