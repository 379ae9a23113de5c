package dev.baton.contracts.deploy;

import com.fasterxml.jackson.annotation.JsonIgnoreProperties;
import com.fasterxml.jackson.annotation.JsonSubTypes;
import com.fasterxml.jackson.annotation.JsonTypeInfo;

import dev.baton.contracts.DeployId;
import dev.baton.contracts.ServiceName;

/**
 * Everything CI may publish on {@code deploy.requests}, keyed by service. Requests carry
 * names and versions only, never commands.
 */
@JsonTypeInfo(use = JsonTypeInfo.Id.NAME, property = "type")
@JsonSubTypes({ @JsonSubTypes.Type(DeployRequested.class), @JsonSubTypes.Type(CancelDeploy.class) })
@JsonIgnoreProperties(ignoreUnknown = true)
public sealed interface DeployRequest permits DeployRequested, CancelDeploy {

	DeployId deployId();

	ServiceName service();

}
