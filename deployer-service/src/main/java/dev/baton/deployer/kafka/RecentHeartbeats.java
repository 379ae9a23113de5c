package dev.baton.deployer.kafka;

import java.time.Clock;
import java.time.Duration;
import java.time.Instant;
import java.util.Map;

import org.apache.kafka.clients.consumer.Consumer;
import org.apache.kafka.clients.consumer.ConsumerRecord;
import org.apache.kafka.common.TopicPartition;
import org.springframework.kafka.core.ConsumerFactory;

import dev.baton.contracts.Topic;
import dev.baton.contracts.nginx.NginxEvent;
import dev.baton.deployer.fleet.NginxNodes;
import dev.baton.kafka.TopicNames;

/**
 * Reads the recent part of {@code nginx.events} at start-up, as far back as a silent node
 * stays in the set, so the deployer knows every node it must wait for (and those that
 * left or were forgotten since) before it touches a gate; the live reader carries on
 * where this read stopped.
 */
final class RecentHeartbeats {

	private static final Duration POLL = Duration.ofMillis(200);

	private final ConsumerFactory<String, Object> consumers;

	private final TopicNames names;

	private final Clock clock;

	RecentHeartbeats(ConsumerFactory<String, Object> consumers, TopicNames names, Clock clock) {
		this.consumers = consumers;
		this.names = names;
		this.clock = clock;
	}

	/**
	 * Replays the events of the lookback into the node set.
	 * @return where the read stopped, per partition
	 */
	Map<TopicPartition, Long> readInto(NginxNodes nodes, Duration lookback) {
		String topic = this.names.name(Topic.NGINX_EVENTS);
		try (Consumer<String, Object> consumer = this.consumers.createConsumer(null, "recent-heartbeats")) {
			Map<TopicPartition, Long> from = TopicPositions.since(consumer, topic,
					this.clock.instant().minus(lookback));
			Map<TopicPartition, Long> end = consumer.endOffsets(from.keySet());
			consumer.assign(from.keySet());
			from.forEach(consumer::seek);
			while (end.entrySet().stream().anyMatch((e) -> consumer.position(e.getKey()) < e.getValue())) {
				for (ConsumerRecord<String, Object> record : consumer.poll(POLL)) {
					if (record.value() instanceof NginxEvent event) {
						nodes.replay(event);
					}
				}
			}
			return end;
		}
	}

	/**
	 * Where the verdicts a resumed deploy may wait for begin.
	 * @param since the start of the oldest deploy resumed, or now
	 * @return the positions, per partition
	 */
	Map<TopicPartition, Long> verdictsSince(Instant since) {
		try (Consumer<String, Object> consumer = this.consumers.createConsumer(null, "recent-verdicts")) {
			return TopicPositions.since(consumer, this.names.name(Topic.HEALTH_VERDICTS), since);
		}
	}

}
