package dev.baton.contracts;

import java.util.UUID;
import java.util.regex.Pattern;

/**
 * The alphabet shared by generated and caller-chosen ids of commands, deploys and steps:
 * short, and safe in keys, headers and logs.
 */
final class Ids {

	private static final Pattern VALID = Pattern.compile("[A-Za-z0-9][A-Za-z0-9._:-]{0,127}");

	private Ids() {
	}

	static String require(String kind, String value) {
		if (value == null || !VALID.matcher(value).matches()) {
			throw new IllegalArgumentException(
					kind + " must match [A-Za-z0-9][A-Za-z0-9._:-]{0,127}, got " + Quoted.of(value));
		}
		return value;
	}

	static String random() {
		return UUID.randomUUID().toString();
	}

}
