package dev.baton.nginx.kafka;

import java.time.Duration;
import java.time.Instant;
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
import dev.baton.kafka.TopicNames;
import dev.baton.nginx.sync.OwedAnswers;

/**
 * Reads {@code nginx.events} back over the answer window, from the offsets the broker
 * finds for its start to the current end, so a starting node knows which commands it
 * already answered. Unreadable records are skipped: they are nobody's answer.
 */
class AnswerReadBack {

	private static final Duration POLL = Duration.ofMillis(200);

	private final ConsumerFactory<String, Object> consumers;

	private final String topic;

	AnswerReadBack(ConsumerFactory<String, Object> consumers, TopicNames names) {
		this.consumers = consumers;
		this.topic = names.name(Topic.NGINX_EVENTS);
	}

	/**
	 * Hands every event of the window to the answers.
	 * @param answers what this node still owes
	 * @return how many events were read
	 */
	long readInto(OwedAnswers answers) {
		long since = Instant.now().minus(answers.window()).toEpochMilli();
		long count = 0;
		try (Consumer<String, Object> consumer = this.consumers.createConsumer(null, "answers-nginx-events")) {
			List<TopicPartition> partitions = consumer.partitionsFor(this.topic)
				.stream()
				.map((info) -> new TopicPartition(this.topic, info.partition()))
				.toList();
			consumer.assign(partitions);
			Map<TopicPartition, Long> end = consumer.endOffsets(partitions);
			Map<TopicPartition, OffsetAndTimestamp> start = consumer.offsetsForTimes(
					partitions.stream().collect(Collectors.toMap(Function.identity(), (partition) -> since)));
			for (TopicPartition partition : partitions) {
				OffsetAndTimestamp first = start.get(partition);
				consumer.seek(partition, (first != null) ? first.offset() : end.get(partition));
			}
			while (end.entrySet().stream().anyMatch((entry) -> consumer.position(entry.getKey()) < entry.getValue())) {
				for (ConsumerRecord<String, Object> record : consumer.poll(POLL)) {
					if (record.value() instanceof NginxEvent event) {
						answers.answered(event);
						count++;
					}
				}
			}
		}
		return count;
	}

}
