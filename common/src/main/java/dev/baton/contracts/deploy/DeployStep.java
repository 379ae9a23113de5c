package dev.baton.contracts.deploy;

import java.time.Instant;

import com.fasterxml.jackson.annotation.JsonIgnoreProperties;
import com.fasterxml.jackson.annotation.JsonSubTypes;
import com.fasterxml.jackson.annotation.JsonTypeInfo;

import dev.baton.contracts.DeployId;
import dev.baton.contracts.ServiceName;

/**
 * Everything the deployer publishes on {@code deploy.steps}, keyed by service, so a CI
 * job can follow one deploy id from start to verdict.
 */
@JsonTypeInfo(use = JsonTypeInfo.Id.NAME, property = "type")
@JsonSubTypes({ @JsonSubTypes.Type(DeployRejected.class), @JsonSubTypes.Type(DeployStarted.class),
		@JsonSubTypes.Type(InstanceDrained.class), @JsonSubTypes.Type(InstanceRestartStarted.class),
		@JsonSubTypes.Type(InstanceRestarted.class), @JsonSubTypes.Type(InstanceVerified.class),
		@JsonSubTypes.Type(InstanceEnabled.class), @JsonSubTypes.Type(DeploySucceeded.class),
		@JsonSubTypes.Type(DeployFailed.class), @JsonSubTypes.Type(DeployRollingBack.class),
		@JsonSubTypes.Type(InstanceLaunched.class), @JsonSubTypes.Type(InstanceReplaced.class),
		@JsonSubTypes.Type(DeployPlanned.class), @JsonSubTypes.Type(DeployPaused.class),
		@JsonSubTypes.Type(DeployResumed.class), @JsonSubTypes.Type(DeployCancelling.class),
		@JsonSubTypes.Type(BakeStarted.class), @JsonSubTypes.Type(BakeEnded.class),
		@JsonSubTypes.Type(CanaryPromoted.class) })
@JsonIgnoreProperties(ignoreUnknown = true)
public sealed interface DeployStep permits DeployRejected, DeployStarted, InstanceDrained, InstanceRestartStarted,
		InstanceRestarted, InstanceVerified, InstanceEnabled, DeploySucceeded, DeployFailed, DeployRollingBack,
		InstanceLaunched, InstanceReplaced, DeployPlanned, DeployPaused, DeployResumed, DeployCancelling, BakeStarted,
		BakeEnded, CanaryPromoted {

	DeployId deployId();

	ServiceName service();

	Instant at();

}
