package dev.baton.sample.live;

import jakarta.servlet.http.HttpServletRequest;

import org.springframework.web.bind.annotation.GetMapping;
import org.springframework.web.bind.annotation.RequestParam;
import org.springframework.web.bind.annotation.RestController;
import org.springframework.web.context.request.async.DeferredResult;

import dev.baton.sample.config.SampleProperties;

/**
 * {@code GET /poll?seconds=N}: a long poll that answers after N seconds (20 when absent),
 * holding no request thread meanwhile. An instance that shuts down answers its polls at
 * once, saying {@code going away}, so that each client polls again elsewhere.
 */
@RestController
class LongPollController {

	private static final long TIMEOUT_MARGIN_MILLIS = 30_000;

	private final OpenConnections connections;

	private final String version;

	LongPollController(OpenConnections connections, SampleProperties properties) {
		this.connections = connections;
		this.version = properties.version().value();
	}

	@GetMapping("/poll")
	DeferredResult<PollAnswer> poll(@RequestParam(defaultValue = "20") int seconds, HttpServletRequest request) {
		long millis = Seconds.millis(seconds);
		long started = System.nanoTime();
		int port = request.getLocalPort();
		DeferredResult<PollAnswer> result = new DeferredResult<>(millis + TIMEOUT_MARGIN_MILLIS);
		Runnable goAway = () -> result.setResult(answer(port, started, "going away"));
		if (!this.connections.open(goAway)) {
			goAway.run();
			return result;
		}
		Runnable cancel = this.connections.after(millis, () -> result.setResult(answer(port, started, "elapsed")));
		result.onCompletion(() -> {
			cancel.run();
			this.connections.closed(goAway);
		});
		return result;
	}

	private PollAnswer answer(int port, long started, String reason) {
		return new PollAnswer(this.version, port, (System.nanoTime() - started) / 1_000_000, reason);
	}

	/**
	 * The answer to a long poll.
	 *
	 * @param version the version of the instance that answers
	 * @param port the port of the instance that answers
	 * @param waitedMillis how long the poll was held
	 * @param reason {@code elapsed}, or {@code going away} when the instance shuts down
	 */
	record PollAnswer(String version, int port, long waitedMillis, String reason) {

	}

}
