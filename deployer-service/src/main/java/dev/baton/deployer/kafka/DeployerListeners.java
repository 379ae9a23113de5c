package dev.baton.deployer.kafka;

import org.springframework.kafka.annotation.KafkaListener;
import org.springframework.kafka.annotation.TopicPartition;
import org.springframework.messaging.handler.annotation.Payload;
import org.springframework.stereotype.Component;

import dev.baton.contracts.deploy.DeployRequest;
import dev.baton.contracts.registry.InstanceSnapshot;
import dev.baton.contracts.registry.RegistryStateMessage;
import dev.baton.deployer.rollout.answer.RegistryFollower;
import dev.baton.deployer.rollout.run.DeployDesk;

/**
 * The listeners of deploy requests and of the fleet, each handing its message to the
 * rollout (the readers of answers are {@link AnswerReaders}). Deploy requests are only
 * taken once start-up has rebuilt the state, hence their listener starts later.
 */
@Component
class DeployerListeners {

	static final String REQUESTS_LISTENER = "deployer-requests";

	/**
	 * One consumer group per topic (the configured group id plus a suffix), so a listener
	 * starting late never rebalances the others.
	 */
	static final String GROUP = "${spring.kafka.consumer.group-id:deployer-service}.";

	/**
	 * Requests are work shared between replicas, hence a group; a replica started again
	 * under its stable id takes its partitions back at once instead of after the dead
	 * member's session, which is kept short.
	 */
	static final String STATIC_MEMBER = "group.instance.id=${baton.deployer.replica-id}";

	static final String SESSION_TIMEOUT = "session.timeout.ms=10000";

	private final DeployDesk desk;

	private final RegistryFollower registry;

	DeployerListeners(DeployDesk desk, RegistryFollower registry) {
		this.desk = desk;
		this.registry = registry;
	}

	@KafkaListener(id = REQUESTS_LISTENER, groupId = GROUP + "requests", autoStartup = "false",
			topics = "#{@batonTopicNames.name(T(dev.baton.contracts.Topic).DEPLOY_REQUESTS)}",
			properties = { STATIC_MEMBER + "-requests", SESSION_TIMEOUT })
	void onRequest(DeployRequest request) {
		this.desk.handle(request);
	}

	/**
	 * Every replica needs the whole fleet, so the snapshots are read by assignment: a
	 * deployer killed and started again follows the fleet at once, where a group would
	 * hold the partitions until the dead member's session timed out. The group only keeps
	 * the committed positions.
	 */
	@KafkaListener(id = "deployer-registry", groupId = GROUP + "registry",
			topicPartitions = @TopicPartition(
					topic = "#{@batonTopicNames.name(T(dev.baton.contracts.Topic).REGISTRY_STATE)}",
					partitions = "#{@batonPartitions.of(T(dev.baton.contracts.Topic).REGISTRY_STATE)}"))
	void onSnapshot(@Payload(required = false) RegistryStateMessage message) {
		if (message instanceof InstanceSnapshot snapshot) {
			this.registry.onSnapshot(snapshot);
		}
	}

}
