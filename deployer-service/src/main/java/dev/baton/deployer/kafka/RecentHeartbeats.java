package dev.baton.deployer.kafka;

import java.time.Clock;
import java.time.Duration;
import java.util.List;
import java.util.Map;
import java.util.function.Function;
import java.util.stream.Collectors;

import org.apache.kafka.clients.consumer.Consumer;
import org.apache.kafka.clients.consumer.ConsumerRecord;
import org.apache.kafka.clients.consumer.OffsetAndTimestamp;
import org.apache.kafka.common.TopicPartition;
import org.springframework.kafka.core.ConsumerFactory;

import dev.baton.contracts.Topic;
import dev.baton.contracts.nginx.NginxEvent;
import dev.baton.deployer.fleet.NginxNodes;
import dev.baton.kafka.TopicNames;

/**
 * Reads the recent part of {@code nginx.events} at start-up, as far back as a silent node
 * stays in the set, so the deployer knows every node it must wait for (and those that
 * left or were forgotten since) before it touches a gate.
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

	void readInto(NginxNodes nodes, Duration lookback) {
		String topic = this.names.name(Topic.NGINX_EVENTS);
		try (Consumer<String, Object> consumer = this.consumers.createConsumer(null, "recent-heartbeats")) {
			List<TopicPartition> partitions = consumer.partitionsFor(topic)
				.stream()
				.map((info) -> new TopicPartition(topic, info.partition()))
				.toList();
			consumer.assign(partitions);
			long since = this.clock.millis() - lookback.toMillis();
			Map<TopicPartition, OffsetAndTimestamp> from = consumer
				.offsetsForTimes(partitions.stream().collect(Collectors.toMap(Function.identity(), (p) -> since)));
			Map<TopicPartition, Long> end = consumer.endOffsets(partitions);
			partitions.forEach((partition) -> consumer.seek(partition,
					(from.get(partition) != null) ? from.get(partition).offset() : end.get(partition)));
			while (partitions.stream().anyMatch((partition) -> consumer.position(partition) < end.get(partition))) {
				for (ConsumerRecord<String, Object> record : consumer.poll(POLL)) {
					if (record.value() instanceof NginxEvent event) {
						nodes.replay(event);
					}
				}
			}
		}
	}

}
