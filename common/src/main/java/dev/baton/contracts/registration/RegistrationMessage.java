package dev.baton.contracts.registration;

import com.fasterxml.jackson.annotation.JsonIgnoreProperties;
import com.fasterxml.jackson.annotation.JsonSubTypes;
import com.fasterxml.jackson.annotation.JsonTypeInfo;

import dev.baton.contracts.CommandId;
import dev.baton.contracts.ServiceName;

/**
 * Everything that may be published on {@code registrations}, keyed by service. The JSON
 * {@code "type"} names the record, so any Kafka client can publish one by hand.
 */
@JsonTypeInfo(use = JsonTypeInfo.Id.NAME, property = "type")
@JsonSubTypes({ @JsonSubTypes.Type(InstanceRegistered.class), @JsonSubTypes.Type(InstanceDeregistered.class),
		@JsonSubTypes.Type(OperateInstance.class) })
@JsonIgnoreProperties(ignoreUnknown = true)
public sealed interface RegistrationMessage permits InstanceRegistered, InstanceDeregistered, OperateInstance {

	/**
	 * Identifies this message, so that whoever sent it can tell when it was applied.
	 * @return the id, generated when the sender gave none
	 */
	CommandId id();

	ServiceName service();

}
