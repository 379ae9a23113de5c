package dev.baton.contracts;

import java.util.regex.Pattern;

import com.fasterxml.jackson.annotation.JsonCreator;
import com.fasterxml.jackson.annotation.JsonValue;

/**
 * The name of a service behind nginx ({@code orders}). It becomes part of Kafka keys,
 * nginx upstream names and argv arguments, so only a small, shell- and path-safe alphabet
 * is allowed.
 *
 * @param value the name, {@code [a-z0-9][a-z0-9-]{0,62}}
 */
public record ServiceName(@JsonValue String value) {

	private static final Pattern VALID = Pattern.compile("[a-z0-9][a-z0-9-]{0,62}");

	public ServiceName {
		if (value == null || !VALID.matcher(value).matches()) {
			throw new IllegalArgumentException(
					"service name must match [a-z0-9][a-z0-9-]{0,62}, got " + Quoted.of(value));
		}
	}

	@JsonCreator
	public static ServiceName of(String value) {
		return new ServiceName(value);
	}

	@Override
	public String toString() {
		return this.value;
	}

}
