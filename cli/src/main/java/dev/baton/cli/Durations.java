package dev.baton.cli;

import java.time.Duration;
import java.time.format.DateTimeParseException;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

/**
 * Reads durations as people type them on a command line: {@code 90s}, {@code 15m},
 * {@code 2h}, {@code 500ms}, or ISO-8601 ({@code PT15M}); and writes them as briefly.
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

	/**
	 * A duration to the second, the way it is read: {@code 40s}, {@code 2m05s},
	 * {@code 1h02m}, {@code 3d04h}.
	 * @param duration the duration
	 * @return the text
	 */
	static String brief(Duration duration) {
		long seconds = Math.max(0, duration.getSeconds());
		if (seconds < 60) {
			return seconds + "s";
		}
		if (seconds < 3600) {
			return two(seconds / 60, "m", seconds % 60, "s");
		}
		if (seconds < 86400) {
			return two(seconds / 3600, "h", seconds % 3600 / 60, "m");
		}
		return two(seconds / 86400, "d", seconds % 86400 / 3600, "h");
	}

	private static String two(long major, String majorUnit, long minor, String minorUnit) {
		return (minor == 0) ? major + majorUnit : String.format("%d%s%02d%s", major, majorUnit, minor, minorUnit);
	}

}
