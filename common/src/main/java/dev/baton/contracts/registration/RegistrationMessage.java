package dev.baton.contracts.registration;

import com.fasterxml.jackson.annotation.JsonIgnoreProperties;
import com.fasterxml.jackson.annotation.JsonSubTypes;
import com.fasterxml.jackson.annotation.JsonTypeInfo;

import dev.baton.contracts.CommandId;
import dev.baton.contracts.ServiceName;

/**
 * Everything that may be published on {@code registrations}, keyed by service: instances
 * joining and leaving. The JSON {@code "type"} names the record, so any Kafka client can
 * publish one by hand. Operators' decisions go on {@code operations}
 * ({@link dev.baton.contracts.operation.OperationMessage}).
 */
@JsonTypeInfo(use = JsonTypeInfo.Id.NAME, property = "type")
@JsonSubTypes({ @JsonSubTypes.Type(InstanceRegistered.class), @JsonSubTypes.Type(InstanceDeregistered.class) })
@JsonIgnoreProperties(ignoreUnknown = true)
public sealed interface RegistrationMessage permits InstanceRegistered, InstanceDeregistered {

	/**
	 * Identifies this message, so that whoever sent it can tell when it was applied.
	 * @return the id, generated when the sender gave none
	 */
	CommandId id();

	ServiceName service();

}
