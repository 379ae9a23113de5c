package dev.baton.contracts.health;

import com.fasterxml.jackson.annotation.JsonIgnoreProperties;
import com.fasterxml.jackson.annotation.JsonSubTypes;
import com.fasterxml.jackson.annotation.JsonTypeInfo;

import dev.baton.contracts.InstanceId;

/**
 * Everything that may be published on {@code health.verdicts}, keyed by instance id.
 */
@JsonTypeInfo(use = JsonTypeInfo.Id.NAME, property = "type")
@JsonSubTypes(@JsonSubTypes.Type(VerdictIssued.class))
@JsonIgnoreProperties(ignoreUnknown = true)
public sealed interface HealthVerdictMessage permits VerdictIssued {

	InstanceId instanceId();

}
