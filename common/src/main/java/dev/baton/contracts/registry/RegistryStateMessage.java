package dev.baton.contracts.registry;

import com.fasterxml.jackson.annotation.JsonIgnoreProperties;
import com.fasterxml.jackson.annotation.JsonSubTypes;
import com.fasterxml.jackson.annotation.JsonTypeInfo;

import dev.baton.contracts.InstanceId;

/**
 * Everything that may be published on {@code registry.state}, keyed by instance id.
 */
@JsonTypeInfo(use = JsonTypeInfo.Id.NAME, property = "type")
@JsonSubTypes(@JsonSubTypes.Type(InstanceSnapshot.class))
@JsonIgnoreProperties(ignoreUnknown = true)
public sealed interface RegistryStateMessage permits InstanceSnapshot {

	InstanceId instanceId();

}
