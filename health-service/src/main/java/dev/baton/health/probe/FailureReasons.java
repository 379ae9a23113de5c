package dev.baton.health.probe;

import java.net.ConnectException;
import java.net.NoRouteToHostException;
import java.net.UnknownHostException;
import java.net.http.HttpConnectTimeoutException;
import java.net.http.HttpTimeoutException;
import java.nio.channels.UnresolvedAddressException;
import java.util.Locale;
import java.util.concurrent.CompletionException;
import java.util.concurrent.ExecutionException;
import java.util.concurrent.TimeoutException;

/**
 * Names why a probe failed in the few words an operator scans for: {@code timeout},
 * {@code refused}, {@code reset}, {@code closed}, {@code unresolved}.
 */
final class FailureReasons {

	private static final int MAX_LENGTH = 200;

	private FailureReasons() {
	}

	static String of(Throwable failure) {
		for (Throwable cause = failure; cause != null; cause = next(cause)) {
			String known = known(cause);
			if (known != null) {
				return known;
			}
		}
		Throwable cause = failure;
		while ((cause instanceof CompletionException || cause instanceof ExecutionException)
				&& cause.getCause() != null) {
			cause = cause.getCause();
		}
		String message = deepestMessage(cause).toLowerCase(Locale.ROOT);
		if (message.contains("reset")) {
			return "reset";
		}
		if (message.contains("eof") || message.contains("closed") || message.contains("no bytes")) {
			return "closed";
		}
		String text = cause.getClass().getSimpleName() + (message.isEmpty() ? "" : ": " + message);
		return (text.length() <= MAX_LENGTH) ? text : text.substring(0, MAX_LENGTH);
	}

	private static String known(Throwable cause) {
		if (cause instanceof HttpConnectTimeoutException) {
			return "connect timeout";
		}
		if (cause instanceof HttpTimeoutException || cause instanceof TimeoutException) {
			return "timeout";
		}
		if (cause instanceof UnresolvedAddressException || cause instanceof UnknownHostException) {
			return "unresolved";
		}
		if (cause instanceof NoRouteToHostException) {
			return "no route";
		}
		if (cause instanceof ConnectException) {
			return ProbeOutcome.REFUSED;
		}
		return null;
	}

	private static Throwable next(Throwable cause) {
		return (cause.getCause() != cause) ? cause.getCause() : null;
	}

	private static String deepestMessage(Throwable failure) {
		String message = "";
		for (Throwable cause = failure; cause != null; cause = next(cause)) {
			if (cause.getMessage() != null) {
				message = cause.getMessage();
			}
		}
		return message.lines().findFirst().orElse("");
	}

}
