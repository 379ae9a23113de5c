package dev.baton.kafka;

import java.util.Arrays;
import java.util.stream.Stream;

import io.micrometer.core.instrument.Counter;
import io.micrometer.core.instrument.MeterRegistry;

import org.springframework.beans.factory.ObjectProvider;
import org.springframework.context.ApplicationListener;
import org.springframework.context.event.ContextRefreshedEvent;
import org.springframework.kafka.config.KafkaListenerEndpointRegistry;
import org.springframework.kafka.listener.ContainerProperties;
import org.springframework.kafka.listener.MessageListenerContainer;
import org.springframework.kafka.support.TopicPartitionOffset;

/**
 * Counts dead letters as {@value #METER}, tagged with the topic the record came from.
 * Once the listeners exist, the counter of every Baton topic one of them consumes is
 * registered at zero, so the series is there before the first dead letter: a rate or an
 * alert on it works from the start, and a missing series never has to mean "none yet".
 */
final class DeadLetterCounters implements ApplicationListener<ContextRefreshedEvent> {

	/** The meter's name; Prometheus shows it as {@code baton_dead_letters_total}. */
	static final String METER = "baton.dead.letters";

	private final MeterRegistry meters;

	private final TopicNames names;

	private final ObjectProvider<KafkaListenerEndpointRegistry> listeners;

	DeadLetterCounters(MeterRegistry meters, TopicNames names,
			ObjectProvider<KafkaListenerEndpointRegistry> listeners) {
		this.meters = meters;
		this.names = names;
		this.listeners = listeners;
	}

	/**
	 * Counts one record of a topic sent to its dead-letter topic.
	 * @param topic the topic the record was consumed from
	 */
	void increment(String topic) {
		counter(topic).increment();
	}

	@Override
	public void onApplicationEvent(ContextRefreshedEvent event) {
		this.listeners.ifAvailable((registry) -> registry.getAllListenerContainers()
			.stream()
			.flatMap(DeadLetterCounters::consumedTopics)
			// dead-letter topics themselves are read raw, outside these conventions
			.filter((topic) -> this.names.topic(topic).isPresent())
			.distinct()
			.forEach(this::counter));
	}

	private static Stream<String> consumedTopics(MessageListenerContainer container) {
		ContainerProperties properties = container.getContainerProperties();
		if (properties.getTopics() != null) {
			return Arrays.stream(properties.getTopics());
		}
		TopicPartitionOffset[] partitions = properties.getTopicPartitions();
		return (partitions != null) ? Arrays.stream(partitions).map(TopicPartitionOffset::getTopic) : Stream.empty();
	}

	private Counter counter(String topic) {
		return Counter.builder(METER)
			.description("Records sent to their topic's dead-letter topic, by the topic they came from")
			.tag("topic", topic)
			.register(this.meters);
	}

}
