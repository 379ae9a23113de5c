package dev.baton.nginx.kafka;

import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

import org.springframework.kafka.core.KafkaOperations;

import dev.baton.contracts.Topic;
import dev.baton.contracts.nginx.NginxEvent;
import dev.baton.contracts.nginx.NodeHeartbeat;
import dev.baton.contracts.nginx.PeerApplied;
import dev.baton.contracts.nginx.PeerDrainTimedOut;
import dev.baton.contracts.nginx.PeerDrained;
import dev.baton.contracts.nginx.CommandRejected;
import dev.baton.kafka.TopicNames;
import dev.baton.nginx.sync.NodeEvents;

/**
 * Publishes this node's events on {@code nginx.events}: keyed by service, heartbeats by
 * node id.
 */
public class NginxEventPublisher implements NodeEvents {

	private static final Logger logger = LoggerFactory.getLogger(NginxEventPublisher.class);

	private final KafkaOperations<String, Object> kafka;

	private final String topic;

	public NginxEventPublisher(KafkaOperations<String, Object> kafka, TopicNames names) {
		this.kafka = kafka;
		this.topic = names.name(Topic.NGINX_EVENTS);
	}

	@Override
	public void publish(NginxEvent event) {
		String key = key(event);
		this.kafka.send(this.topic, key, event).whenComplete((result, failure) -> {
			if (failure != null) {
				logger.error("Could not publish {} for {}", event.getClass().getSimpleName(), key, failure);
			}
		});
	}

	private static String key(NginxEvent event) {
		if (event instanceof PeerApplied applied) {
			return applied.service().value();
		}
		if (event instanceof PeerDrained drained) {
			return drained.service().value();
		}
		if (event instanceof PeerDrainTimedOut timedOut) {
			return timedOut.service().value();
		}
		if (event instanceof CommandRejected rejected) {
			return rejected.service().value();
		}
		return ((NodeHeartbeat) event).nodeId().value();
	}

}
