package dev.baton.contracts;

import com.fasterxml.jackson.annotation.JsonCreator;
import com.fasterxml.jackson.annotation.JsonValue;

/**
 * Names one step of a deploy (a restart, say), so that the verdict confirming it names
 * the step it answers and clocks never decide.
 *
 * @param value the id, {@code [A-Za-z0-9][A-Za-z0-9._:-]{0,127}}
 */
public record StepId(@JsonValue String value) {

	public StepId {
		Ids.require("step id", value);
	}

	@JsonCreator
	public static StepId of(String value) {
		return new StepId(value);
	}

	public static StepId random() {
		return new StepId(Ids.random());
	}

	@Override
	public String toString() {
		return this.value;
	}

}
