package dev.baton.contracts;

import com.fasterxml.jackson.annotation.JsonCreator;
import com.fasterxml.jackson.annotation.JsonValue;

/**
 * Names one deploy from its request to its verdict; CI follows it on
 * {@code deploy.steps}.
 *
 * @param value the id, {@code [A-Za-z0-9][A-Za-z0-9._:-]{0,127}}
 */
public record DeployId(@JsonValue String value) {

	public DeployId {
		Ids.require("deploy id", value);
	}

	@JsonCreator
	public static DeployId of(String value) {
		return new DeployId(value);
	}

	public static DeployId random() {
		return new DeployId(Ids.random());
	}

	@Override
	public String toString() {
		return this.value;
	}

}
