package dev.baton.registry.kafka;

import java.util.Map;

import org.apache.kafka.common.TopicPartition;

import org.springframework.kafka.annotation.KafkaListener;
import org.springframework.kafka.listener.ConsumerSeekAware;

import dev.baton.contracts.nginx.NginxEvent;
import dev.baton.registry.membership.Registry;

/**
 * Hands nginx nodes' events to the registry, which waits for them to drain each instance
 * that leaves while online. It reads every partition by assignment and starts exactly
 * where {@link RegistryStartup}'s read-back of recent events ended: the nodes live then
 * are known before the first drain, and no heartbeat from long ago makes a dead node look
 * live.
 */
public class NginxEventsListener implements ConsumerSeekAware {

	static final String NGINX_EVENTS = "registry-nginx-events";

	private final Registry registry;

	private volatile Map<TopicPartition, Long> startAt = Map.of();

	public NginxEventsListener(Registry registry) {
		this.registry = registry;
	}

	/**
	 * Where live reading starts; call before the listener starts.
	 * @param positions the offset each partition was read up to
	 */
	void startFrom(Map<TopicPartition, Long> positions) {
		this.startAt = Map.copyOf(positions);
	}

	@KafkaListener(id = NGINX_EVENTS, idIsGroup = false, autoStartup = "false",
			topicPartitions = @org.springframework.kafka.annotation.TopicPartition(
					topic = "#{@batonTopicNames.name(T(dev.baton.contracts.Topic).NGINX_EVENTS)}",
					partitions = "#{@batonPartitions.of(T(dev.baton.contracts.Topic).NGINX_EVENTS)}"))
	void on(NginxEvent event) {
		this.registry.handle(event);
	}

	/**
	 * A partition the start-up did not read (one added since) is read from its end: its
	 * nodes are heard from again at their next heartbeat.
	 */
	@Override
	public void onPartitionsAssigned(Map<TopicPartition, Long> assignments, ConsumerSeekCallback callback) {
		for (TopicPartition partition : assignments.keySet()) {
			Long position = this.startAt.get(partition);
			if (position != null) {
				callback.seek(partition.topic(), partition.partition(), position);
			}
			else {
				callback.seekToEnd(partition.topic(), partition.partition());
			}
		}
	}

}
