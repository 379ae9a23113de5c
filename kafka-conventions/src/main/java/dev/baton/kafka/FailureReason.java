package dev.baton.kafka;

/**
 * Turns a failure into the one line an operator needs: the innermost message, which names
 * the field or rule that was broken, without the parser's location dump.
 */
public final class FailureReason {

	private static final int MAX_LENGTH = 500;

	private FailureReason() {
	}

	/**
	 * The reason to show for a failure.
	 * @param failure what was thrown
	 * @return the innermost message, prefixed with its exception's simple name
	 */
	public static String of(Throwable failure) {
		String reason = null;
		for (Throwable cause = failure; cause != null; cause = (cause.getCause() != cause) ? cause.getCause() : null) {
			if (cause.getMessage() != null && !cause.getMessage().isBlank()) {
				reason = cause.getClass().getSimpleName() + ": " + firstLine(cause.getMessage());
			}
		}
		return (reason != null) ? reason : failure.getClass().getSimpleName();
	}

	private static String firstLine(String message) {
		int newline = message.indexOf('\n');
		String line = (newline >= 0) ? message.substring(0, newline) : message;
		return (line.length() <= MAX_LENGTH) ? line : line.substring(0, MAX_LENGTH) + "…";
	}

}
