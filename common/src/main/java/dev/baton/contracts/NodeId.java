package dev.baton.contracts;

import com.fasterxml.jackson.annotation.JsonCreator;
import com.fasterxml.jackson.annotation.JsonValue;

/**
 * Names one nginx-control node, that is one nginx, in every answer it publishes.
 *
 * @param value the id, {@code [A-Za-z0-9][A-Za-z0-9._:-]{0,127}}
 */
public record NodeId(@JsonValue String value) {

	public NodeId {
		Ids.require("node id", value);
	}

	@JsonCreator
	public static NodeId of(String value) {
		return new NodeId(value);
	}

	@Override
	public String toString() {
		return this.value;
	}

}
