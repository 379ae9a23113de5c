package dev.baton.contracts;

import java.util.regex.Pattern;

import com.fasterxml.jackson.annotation.JsonCreator;
import com.fasterxml.jackson.annotation.JsonValue;

/**
 * A release version as the deploy request names it and as the instance reports it. It is
 * the only value from a deploy request that reaches a restart command's argv, hence the
 * strict alphabet.
 *
 * @param value the version, {@code [A-Za-z0-9][A-Za-z0-9._-]{0,63}}
 */
public record Version(@JsonValue String value) {

	private static final Pattern VALID = Pattern.compile("[A-Za-z0-9][A-Za-z0-9._-]{0,63}");

	public Version {
		if (value == null || !VALID.matcher(value).matches()) {
			throw new IllegalArgumentException(
					"version must match [A-Za-z0-9][A-Za-z0-9._-]{0,63}, got " + Quoted.of(value));
		}
	}

	@JsonCreator
	public static Version of(String value) {
		return new Version(value);
	}

	@Override
	public String toString() {
		return this.value;
	}

}
