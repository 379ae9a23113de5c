package dev.baton.registry.kafka;

import org.springframework.kafka.annotation.KafkaListener;

import dev.baton.contracts.nginx.NginxEvent;
import dev.baton.registry.membership.Registry;

/**
 * Hands nginx nodes' events to the registry, which waits for them to drain each instance
 * that leaves while online. It reads every partition by assignment and starts exactly
 * where {@link RegistryStartup}'s read-back of recent events ended: the nodes live then
 * are known before the first drain, and no heartbeat from long ago makes a dead node look
 * live.
 */
public class NginxEventsListener extends ReadOnFromStartup {

	static final String NGINX_EVENTS = "registry-nginx-events";

	private final Registry registry;

	public NginxEventsListener(Registry registry) {
		super(false);
		this.registry = registry;
	}

	@KafkaListener(id = NGINX_EVENTS, idIsGroup = false, autoStartup = "false",
			topicPartitions = @org.springframework.kafka.annotation.TopicPartition(
					topic = "#{@batonTopicNames.name(T(dev.baton.contracts.Topic).NGINX_EVENTS)}",
					partitions = "#{@batonPartitions.of(T(dev.baton.contracts.Topic).NGINX_EVENTS)}"))
	void on(NginxEvent event) {
		this.registry.handle(event);
	}

}
