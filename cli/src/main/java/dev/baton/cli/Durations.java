package dev.baton.cli;

import java.time.Duration;
import java.time.format.DateTimeParseException;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

/**
 * Reads durations as people type them on a command line: {@code 90s}, {@code 15m},
 * {@code 2h}, {@code 500ms}, or ISO-8601 ({@code PT15M}).
 */
final class Durations {

	private static final Pattern SHORT = Pattern.compile("(\\d+)(ms|s|m|h|d)");

	private Durations() {
	}

	static Duration parse(String text) {
		Matcher matcher = SHORT.matcher(text.trim());
		if (matcher.matches()) {
			long amount = Long.parseLong(matcher.group(1));
			return switch (matcher.group(2)) {
				case "ms" -> Duration.ofMillis(amount);
				case "s" -> Duration.ofSeconds(amount);
				case "m" -> Duration.ofMinutes(amount);
				case "h" -> Duration.ofHours(amount);
				default -> Duration.ofDays(amount);
			};
		}
		try {
			return Duration.parse(text.trim());
		}
		catch (DateTimeParseException ex) {
			throw new IllegalArgumentException("not a duration: '" + text + "' (use 90s, 15m, 2h or PT15M)");
		}
	}

}
