package dev.baton.registry.kafka;

import org.springframework.kafka.annotation.KafkaListener;

import dev.baton.contracts.deploy.DeployStep;
import dev.baton.registry.membership.Registry;

/**
 * Hands deploy steps to the registry, which learns from them the versions each service
 * expects. Like the registry's other listeners it reads every partition by assignment, so
 * it reads on at once after a {@code kill -9}; it keeps no committed position either: it
 * starts exactly where {@link RegistryStartup}'s read of the whole topic ended, so no
 * step is learned twice out of order and none is missed.
 */
public class ExpectedVersionsListener extends ReadOnFromStartup {

	static final String DEPLOY_STEPS = "registry-deploy-steps";

	private final Registry registry;

	public ExpectedVersionsListener(Registry registry) {
		super(true);
		this.registry = registry;
	}

	@KafkaListener(id = DEPLOY_STEPS, idIsGroup = false, autoStartup = "false",
			topicPartitions = @org.springframework.kafka.annotation.TopicPartition(
					topic = "#{@batonTopicNames.name(T(dev.baton.contracts.Topic).DEPLOY_STEPS)}",
					partitions = "#{@batonPartitions.of(T(dev.baton.contracts.Topic).DEPLOY_STEPS)}"))
	void on(DeployStep step) {
		this.registry.handle(step);
	}

}
