package dev.baton.sample.work;

import java.util.concurrent.atomic.AtomicLong;

import org.springframework.http.HttpStatus;
import org.springframework.http.ResponseEntity;

/**
 * The flaky release's failures: every n-th request answers 500, the rest as usual, so a
 * release that fails 5 % of its requests does so evenly from its first request on, which
 * is what a canary analysis must catch. Deterministic, unlike a random draw, so the same
 * traffic fails the same share every run.
 */
final class FlakyRequests {

	private final long every;

	private final AtomicLong served = new AtomicLong();

	/**
	 * @param failureRate the share of requests that fail, 0 to 1
	 */
	FlakyRequests(double failureRate) {
		this.every = (failureRate > 0) ? Math.max(1, Math.round(1 / failureRate)) : 0;
	}

	boolean fails() {
		return this.every > 0 && this.served.incrementAndGet() % this.every == 0;
	}

	<T> ResponseEntity<T> answer(T body) {
		return fails() ? ResponseEntity.status(HttpStatus.INTERNAL_SERVER_ERROR).build() : ResponseEntity.ok(body);
	}

}
