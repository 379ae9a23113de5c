package dev.baton.registry.kafka;

import java.time.Duration;
import java.util.Map;
import java.util.stream.Collectors;

import org.apache.kafka.clients.consumer.Consumer;
import org.apache.kafka.common.TopicPartition;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

import org.springframework.kafka.annotation.KafkaListener;

import dev.baton.contracts.Topic;
import dev.baton.contracts.deploy.DeployStep;
import dev.baton.kafka.TopicNames;
import dev.baton.registry.membership.Registry;

/**
 * Hands deploy steps to the registry, which learns from them the versions each service
 * expects, once it has read the verdicts published before each step (see
 * {@link VerdictsRead}). Like the registry's other listeners it reads every partition by
 * assignment, so it reads on at once after a {@code kill -9}; it keeps no committed
 * position either: it starts exactly where {@link RegistryStartup}'s read of the whole
 * topic ended, so no step is learned twice out of order and none is missed.
 */
public class ExpectedVersionsListener extends ReadOnFromStartup {

	static final String DEPLOY_STEPS = "registry-deploy-steps";

	private static final Logger logger = LoggerFactory.getLogger(ExpectedVersionsListener.class);

	/**
	 * The longest a step waits for the verdicts before it. The verdict listener is
	 * normally milliseconds behind; it falls further only while it retries a record it
	 * then dead-letters, and a step is better learned late than never.
	 */
	private static final Duration VERDICTS_WAIT = Duration.ofSeconds(10);

	private final Registry registry;

	private final VerdictsRead verdicts;

	private final String verdictsTopic;

	public ExpectedVersionsListener(Registry registry, VerdictsRead verdicts, TopicNames topics) {
		super(true);
		this.registry = registry;
		this.verdicts = verdicts;
		this.verdictsTopic = topics.name(Topic.HEALTH_VERDICTS);
	}

	@KafkaListener(id = DEPLOY_STEPS, idIsGroup = false, autoStartup = "false",
			topicPartitions = @org.springframework.kafka.annotation.TopicPartition(
					topic = "#{@batonTopicNames.name(T(dev.baton.contracts.Topic).DEPLOY_STEPS)}",
					partitions = "#{@batonPartitions.of(T(dev.baton.contracts.Topic).DEPLOY_STEPS)}"))
	void on(DeployStep step, Consumer<?, ?> consumer) throws InterruptedException {
		Map<Integer, Long> ends = consumer
			.endOffsets(consumer.partitionsFor(this.verdictsTopic)
				.stream()
				.map((partition) -> new TopicPartition(partition.topic(), partition.partition()))
				.toList())
			.entrySet()
			.stream()
			.collect(Collectors.toMap((end) -> end.getKey().partition(), Map.Entry::getValue));
		if (!this.verdicts.awaitPast(ends, VERDICTS_WAIT)) {
			logger.warn("Learning step {} of deploy {} before the verdicts published ahead of it were read (waited {})",
					step.getClass().getSimpleName(), step.deployId(), VERDICTS_WAIT);
		}
		this.registry.handle(step);
	}

}
