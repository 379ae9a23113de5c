package dev.baton.loadgen;

import java.net.ConnectException;
import java.net.http.HttpConnectTimeoutException;
import java.net.http.HttpTimeoutException;
import java.nio.channels.ClosedChannelException;
import java.util.Locale;

/**
 * Names why a request got no HTTP answer, in the words an operator uses: {@code refused},
 * {@code reset}, {@code closed} (the server closed the connection before answering),
 * {@code timeout}, {@code connect-timeout}, {@code overload} (the generator itself had
 * too many requests outstanding), or {@code other:<exception>}.
 */
final class FailureCause {

	static final String OVERLOAD = "overload";

	private FailureCause() {
	}

	static String of(Throwable failure) {
		for (Throwable cause = failure; cause != null; cause = cause.getCause()) {
			if (cause instanceof HttpConnectTimeoutException) {
				return "connect-timeout";
			}
			if (cause instanceof HttpTimeoutException) {
				return "timeout";
			}
		}
		for (Throwable cause = failure; cause != null; cause = cause.getCause()) {
			String message = String.valueOf(cause.getMessage()).toLowerCase(Locale.ROOT);
			if (message.contains("refused") || cause instanceof ConnectException) {
				return "refused";
			}
			if (message.contains("reset") || message.contains("broken pipe")) {
				return "reset";
			}
			if (message.contains("received no bytes") || message.contains("eof") || message.contains("closed")
					|| cause instanceof ClosedChannelException) {
				return "closed";
			}
		}
		Throwable root = failure;
		while (root.getCause() != null && root.getCause() != root) {
			root = root.getCause();
		}
		return "other:" + root.getClass().getSimpleName();
	}

}
