package dev.baton.contracts.deploy;

import com.fasterxml.jackson.annotation.JsonIgnoreProperties;
import com.fasterxml.jackson.annotation.JsonSubTypes;
import com.fasterxml.jackson.annotation.JsonTypeInfo;

import dev.baton.contracts.DeployId;
import dev.baton.contracts.ServiceName;

/**
 * Everything CI may publish on {@code deploy.requests}, keyed by service: a deploy (or
 * its plan), a rollback, and the controls of a running deploy (pause, resume, cancel).
 * Requests carry names and versions only, never commands.
 */
@JsonTypeInfo(use = JsonTypeInfo.Id.NAME, property = "type")
@JsonSubTypes({ @JsonSubTypes.Type(DeployRequested.class), @JsonSubTypes.Type(CancelDeploy.class),
		@JsonSubTypes.Type(PauseDeploy.class), @JsonSubTypes.Type(ResumeDeploy.class),
		@JsonSubTypes.Type(RollbackDeploy.class) })
@JsonIgnoreProperties(ignoreUnknown = true)
public sealed interface DeployRequest permits DeployRequested, CancelDeploy, PauseDeploy, ResumeDeploy, RollbackDeploy {

	/**
	 * The deploy the request is about.
	 * @return the id; null for a pause, resume or cancel that names only the service,
	 * meaning whichever deploy of the service runs
	 */
	DeployId deployId();

	ServiceName service();

}
