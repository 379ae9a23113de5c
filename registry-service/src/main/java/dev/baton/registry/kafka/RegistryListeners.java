package dev.baton.registry.kafka;

import org.springframework.kafka.annotation.KafkaListener;

import dev.baton.contracts.health.HealthVerdictMessage;
import dev.baton.contracts.health.VerdictIssued;
import dev.baton.contracts.registration.RegistrationMessage;
import dev.baton.registry.membership.Registry;

/**
 * Hands registrations and verdicts to the registry. Both start only after the registry
 * has rebuilt its state (see {@link RegistryStartup}).
 */
public class RegistryListeners {

	static final String REGISTRATIONS = "registry-registrations";

	static final String VERDICTS = "registry-verdicts";

	private final Registry registry;

	public RegistryListeners(Registry registry) {
		this.registry = registry;
	}

	@KafkaListener(id = REGISTRATIONS, groupId = "baton-registry.registrations", autoStartup = "false",
			topics = "#{@batonTopicNames.name(T(dev.baton.contracts.Topic).REGISTRATIONS)}")
	void on(RegistrationMessage message) {
		this.registry.handle(message);
	}

	@KafkaListener(id = VERDICTS, groupId = "baton-registry.verdicts", autoStartup = "false",
			topics = "#{@batonTopicNames.name(T(dev.baton.contracts.Topic).HEALTH_VERDICTS)}")
	void on(HealthVerdictMessage message) {
		this.registry.handle((VerdictIssued) message);
	}

}
