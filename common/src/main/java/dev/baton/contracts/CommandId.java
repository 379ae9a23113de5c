package dev.baton.contracts;

import com.fasterxml.jackson.annotation.JsonCreator;
import com.fasterxml.jackson.annotation.JsonValue;

/**
 * Names one command on {@code nginx.commands} or {@code registrations}, so that every
 * answer to it can be matched to it and to nothing older.
 *
 * @param value the id, {@code [A-Za-z0-9][A-Za-z0-9._:-]{0,127}}
 */
public record CommandId(@JsonValue String value) {

	public CommandId {
		Ids.require("command id", value);
	}

	@JsonCreator
	public static CommandId of(String value) {
		return new CommandId(value);
	}

	public static CommandId random() {
		return new CommandId(Ids.random());
	}

	@Override
	public String toString() {
		return this.value;
	}

}
