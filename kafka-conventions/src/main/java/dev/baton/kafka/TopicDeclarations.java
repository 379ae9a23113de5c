package dev.baton.kafka;

import java.util.Arrays;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.concurrent.ConcurrentHashMap;

import org.apache.kafka.clients.admin.NewTopic;
import org.apache.kafka.common.config.TopicConfig;

import org.springframework.kafka.config.TopicBuilder;
import org.springframework.kafka.core.KafkaAdmin;

import dev.baton.contracts.Topic;

/**
 * Declares topics the way their contract says: compacted where the topic is a state, and
 * able to take an oversized record, so that such a record reaches a consumer and is
 * dead-lettered with its reason instead of being refused at the producer with nobody
 * told.
 */
public final class TopicDeclarations {

	/**
	 * Larger than any record a consumer accepts, so oversized records arrive and are
	 * diagnosed.
	 */
	static final int TOPIC_MAX_MESSAGE_BYTES = 4 * 1024 * 1024;

	private final TopicNames names;

	private final BatonKafkaProperties properties;

	private final Set<Topic> declared = ConcurrentHashMap.newKeySet();

	public TopicDeclarations(TopicNames names, BatonKafkaProperties properties) {
		this.names = names;
		this.properties = properties;
	}

	/**
	 * The topics a service owns, to return from a {@code @Bean} method.
	 * @param topics the owned topics
	 * @return their declarations
	 */
	public KafkaAdmin.NewTopics declare(Topic... topics) {
		this.declared.addAll(List.of(topics));
		return new KafkaAdmin.NewTopics(Arrays.stream(topics).map(this::newTopic).toArray(NewTopic[]::new));
	}

	/**
	 * Every topic's dead-letter topic: any service may dead-letter a record of any topic
	 * it consumes. Dead letters are kept for as long as the topic exists: a compacted
	 * topic keeps a bad record forever, and the dead letter is what tells a service
	 * replaying it that the record was already reported.
	 * @return their declarations
	 */
	KafkaAdmin.NewTopics declareDeadLetters() {
		return new KafkaAdmin.NewTopics(Arrays.stream(Topic.values()).map((topic) -> {
			NewTopic declaration = build(this.names.deadLetter(topic), TopicConfig.CLEANUP_POLICY_DELETE);
			declaration.configs().put(TopicConfig.RETENTION_MS_CONFIG, "-1");
			return declaration;
		}).toArray(NewTopic[]::new));
	}

	/**
	 * The names of the topics declared with {@link #declare(Topic...)} so far.
	 * @return the names, dead-letter topics left out
	 */
	List<String> declaredNames() {
		return this.declared.stream().sorted().map(this.names::name).toList();
	}

	NewTopic newTopic(Topic topic) {
		return build(this.names.name(topic),
				topic.compacted() ? TopicConfig.CLEANUP_POLICY_COMPACT : TopicConfig.CLEANUP_POLICY_DELETE);
	}

	private NewTopic build(String name, String cleanupPolicy) {
		return TopicBuilder.name(name)
			.partitions(this.properties.partitions())
			.replicas(this.properties.replicationFactor())
			.configs(new HashMap<>(Map.of(TopicConfig.CLEANUP_POLICY_CONFIG, cleanupPolicy,
					TopicConfig.MAX_MESSAGE_BYTES_CONFIG, String.valueOf(TOPIC_MAX_MESSAGE_BYTES))))
			.build();
	}

}
