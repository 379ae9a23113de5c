package dev.baton.nginx.kafka;

import java.time.Duration;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.ExecutionException;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.TimeoutException;

import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

import org.springframework.kafka.core.KafkaOperations;

import dev.baton.contracts.Topic;
import dev.baton.contracts.nginx.CommandRejected;
import dev.baton.contracts.nginx.NginxEvent;
import dev.baton.contracts.nginx.PeerApplied;
import dev.baton.contracts.nginx.PeerDrainTimedOut;
import dev.baton.contracts.nginx.PeerDrained;
import dev.baton.contracts.nginx.PeerDraining;
import dev.baton.contracts.nginx.PeerStats;
import dev.baton.kafka.TopicNames;
import dev.baton.logging.LogContext;
import dev.baton.nginx.sync.NodeEvents;

/**
 * Publishes this node's events on {@code nginx.events}: keyed by service, heartbeats and
 * {@code NodeLeft} by node id. A failed send is logged with the logging context of the
 * caller (the command it answers), although the failure is reported on the producer's
 * thread.
 */
public class NginxEventPublisher implements NodeEvents {

	private static final Logger logger = LoggerFactory.getLogger(NginxEventPublisher.class);

	private static final Duration FLUSH_PATIENCE = Duration.ofSeconds(5);

	private final KafkaOperations<String, Object> kafka;

	private final String topic;

	public NginxEventPublisher(KafkaOperations<String, Object> kafka, TopicNames names) {
		this.kafka = kafka;
		this.topic = names.name(Topic.NGINX_EVENTS);
	}

	@Override
	public void publish(NginxEvent event) {
		String key = key(event);
		LogContext.Carried caller = LogContext.carry();
		this.kafka.send(this.topic, key, event).whenComplete((result, failure) -> {
			if (failure != null) {
				caller.run(() -> logger.error("Could not publish {} for {}", event.getClass().getSimpleName(), key,
						failure));
			}
		});
	}

	/**
	 * Waits for what was published to be sent, at most {@link #FLUSH_PATIENCE}: a node
	 * stopping while the broker is away (the whole stack going down) must not hang for
	 * the producer's delivery timeout; its {@code NodeLeft} is then lost, and the node
	 * leaves the deployer's set by expiry or an operator instead.
	 */
	@Override
	public void flush() {
		try {
			CompletableFuture.runAsync(this.kafka::flush).get(FLUSH_PATIENCE.toMillis(), TimeUnit.MILLISECONDS);
		}
		catch (TimeoutException | ExecutionException ex) {
			logger.warn("Events published before the stop were not all sent within {}", FLUSH_PATIENCE);
		}
		catch (InterruptedException ex) {
			Thread.currentThread().interrupt();
		}
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
		if (event instanceof PeerDraining draining) {
			return draining.service().value();
		}
		if (event instanceof CommandRejected rejected) {
			return rejected.service().value();
		}
		if (event instanceof PeerStats stats) {
			return stats.service().value();
		}
		// Heartbeats and NodeLeft share the node's key, so they are read in the order
		// sent.
		return event.nodeId().value();
	}

}
