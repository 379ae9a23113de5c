package dev.baton.registry.kafka;

import org.springframework.kafka.annotation.KafkaListener;
import org.springframework.kafka.annotation.TopicPartition;
import org.springframework.kafka.support.KafkaHeaders;
import org.springframework.messaging.handler.annotation.Header;

import dev.baton.contracts.RecordPosition;
import dev.baton.contracts.health.HealthVerdictMessage;
import dev.baton.contracts.health.VerdictIssued;
import dev.baton.contracts.operation.OperationMessage;
import dev.baton.contracts.registration.RegistrationMessage;
import dev.baton.registry.membership.Registry;

/**
 * Hands registrations, operators' decisions and verdicts to the registry. Both start only
 * after the registry has rebuilt its state (see {@link RegistryStartup}). There is one
 * registry per installation, so each listener takes every partition by assignment rather
 * than through a consumer group: a registry killed with {@code kill -9} and started again
 * reads on at once, where a group would hold its partitions until the dead member's
 * session timed out. The group ids only keep the committed positions.
 */
public class RegistryListeners {

	static final String REGISTRATIONS = "registry-registrations";

	static final String OPERATIONS = "registry-operations";

	static final String VERDICTS = "registry-verdicts";

	static final String VERDICTS_GROUP = "baton-registry.verdicts";

	private final Registry registry;

	public RegistryListeners(Registry registry) {
		this.registry = registry;
	}

	@KafkaListener(id = REGISTRATIONS, groupId = "baton-registry.registrations", autoStartup = "false",
			topicPartitions = @TopicPartition(
					topic = "#{@batonTopicNames.name(T(dev.baton.contracts.Topic).REGISTRATIONS)}",
					partitions = "#{@batonPartitions.of(T(dev.baton.contracts.Topic).REGISTRATIONS)}"))
	void on(RegistrationMessage message) {
		this.registry.handle(message);
	}

	@KafkaListener(id = OPERATIONS, groupId = "baton-registry.operations", autoStartup = "false",
			topicPartitions = @TopicPartition(
					topic = "#{@batonTopicNames.name(T(dev.baton.contracts.Topic).OPERATIONS)}",
					partitions = "#{@batonPartitions.of(T(dev.baton.contracts.Topic).OPERATIONS)}"))
	void on(OperationMessage message) {
		this.registry.handle(message);
	}

	@KafkaListener(id = VERDICTS, groupId = VERDICTS_GROUP, autoStartup = "false",
			topicPartitions = @TopicPartition(
					topic = "#{@batonTopicNames.name(T(dev.baton.contracts.Topic).HEALTH_VERDICTS)}",
					partitions = "#{@batonPartitions.of(T(dev.baton.contracts.Topic).HEALTH_VERDICTS)}"))
	void on(HealthVerdictMessage message, @Header(KafkaHeaders.RECEIVED_PARTITION) int partition,
			@Header(KafkaHeaders.OFFSET) long offset) {
		this.registry.handle((VerdictIssued) message, new RecordPosition(partition, offset));
	}

}
