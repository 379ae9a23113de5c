package dev.baton.contracts;

/**
 * Renders a rejected value for an error message: quoted, and cut short so that a hostile
 * multi-megabyte value cannot flood logs or dead-letter headers.
 */
final class Quoted {

	private static final int MAX = 80;

	private Quoted() {
	}

	static String of(Object value) {
		if (value == null) {
			return "nothing";
		}
		String text = value.toString();
		return (text.length() <= MAX) ? "'" + text + "'"
				: "'" + text.substring(0, MAX) + "…' (" + text.length() + " chars)";
	}

}
