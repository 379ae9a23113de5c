package dev.baton.contracts.operation;

import com.fasterxml.jackson.annotation.JsonIgnoreProperties;
import com.fasterxml.jackson.annotation.JsonSubTypes;
import com.fasterxml.jackson.annotation.JsonTypeInfo;

import dev.baton.contracts.CommandId;
import dev.baton.contracts.ServiceName;

/**
 * Everything that may be published on {@code operations}, keyed by service: operators'
 * decisions, on a topic of their own because Kafka cannot tell a consumer who wrote a
 * record, only whether the writer was allowed to write on the topic.
 */
@JsonTypeInfo(use = JsonTypeInfo.Id.NAME, property = "type")
@JsonSubTypes({ @JsonSubTypes.Type(OperateInstance.class) })
@JsonIgnoreProperties(ignoreUnknown = true)
public sealed interface OperationMessage permits OperateInstance {

	/**
	 * Identifies this message, so that whoever sent it can tell when it was applied.
	 * @return the id, generated when the sender gave none
	 */
	CommandId id();

	ServiceName service();

}
