package dev.baton.contracts.nginx;

import com.fasterxml.jackson.annotation.JsonIgnoreProperties;
import com.fasterxml.jackson.annotation.JsonSubTypes;
import com.fasterxml.jackson.annotation.JsonTypeInfo;

import dev.baton.contracts.NodeId;

/**
 * Everything nginx-control nodes publish on {@code nginx.events}, keyed by service
 * (heartbeats by node id).
 */
@JsonTypeInfo(use = JsonTypeInfo.Id.NAME, property = "type")
@JsonSubTypes({ @JsonSubTypes.Type(PeerApplied.class), @JsonSubTypes.Type(PeerDrained.class),
		@JsonSubTypes.Type(PeerDrainTimedOut.class), @JsonSubTypes.Type(CommandRejected.class),
		@JsonSubTypes.Type(NodeHeartbeat.class), @JsonSubTypes.Type(PeerDraining.class),
		@JsonSubTypes.Type(NodeLeft.class), @JsonSubTypes.Type(NodeForgotten.class),
		@JsonSubTypes.Type(PeerStats.class) })
@JsonIgnoreProperties(ignoreUnknown = true)
public sealed interface NginxEvent permits PeerApplied, PeerDrained, PeerDrainTimedOut, CommandRejected, NodeHeartbeat,
		PeerDraining, NodeLeft, NodeForgotten, PeerStats {

	NodeId nodeId();

}
