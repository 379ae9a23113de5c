package dev.baton.sample.live;

import org.springframework.http.HttpStatus;
import org.springframework.web.server.ResponseStatusException;

/**
 * How long a client asked an event stream or a long poll to last.
 */
final class Seconds {

	/** An hour: longer than any drain a deploy should wait for. */
	static final int MAX = 3600;

	private Seconds() {
	}

	/**
	 * @param seconds the {@code seconds} parameter
	 * @return it, in milliseconds
	 * @throws ResponseStatusException 400 when it is not 1 to {@link #MAX}
	 */
	static long millis(int seconds) {
		if (seconds < 1 || seconds > MAX) {
			throw new ResponseStatusException(HttpStatus.BAD_REQUEST,
					"seconds must be 1 to " + MAX + ", got " + seconds);
		}
		return seconds * 1000L;
	}

}
