package dev.baton.contracts.nginx;

import com.fasterxml.jackson.annotation.JsonIgnoreProperties;
import com.fasterxml.jackson.annotation.JsonSubTypes;
import com.fasterxml.jackson.annotation.JsonTypeInfo;

import dev.baton.contracts.CommandId;
import dev.baton.contracts.GateKey;

/**
 * Everything that may be published on {@code nginx.commands}, keyed by {@link GateKey}. A
 * tombstone (null value) under a key removes that gate.
 */
@JsonTypeInfo(use = JsonTypeInfo.Id.NAME, property = "type")
@JsonSubTypes(@JsonSubTypes.Type(SetPeerGate.class))
@JsonIgnoreProperties(ignoreUnknown = true)
public sealed interface NginxCommand permits SetPeerGate {

	CommandId commandId();

	/**
	 * The record key this command must be published under.
	 * @return the key
	 */
	GateKey key();

}
