package dev.baton.sample.live;

import jakarta.servlet.http.HttpServletRequest;

import org.springframework.http.CacheControl;
import org.springframework.http.ResponseEntity;
import org.springframework.web.bind.annotation.GetMapping;
import org.springframework.web.bind.annotation.RequestParam;
import org.springframework.web.bind.annotation.RestController;
import org.springframework.web.servlet.mvc.method.annotation.SseEmitter;

import dev.baton.sample.config.SampleProperties;

/**
 * {@code GET /events?seconds=N}: a server-sent event stream that lasts N seconds (30 when
 * absent). An {@code open} event at once, a {@code tick} every second, then an
 * {@code end} event and the stream's clean end; each names the instance that sends it. An
 * instance that shuts down ends its streams early, with {@code end} saying
 * {@code going away}.
 */
@RestController
class EventStreamController {

	/**
	 * Longer than the stream itself, so that only the stream's own end or the app's
	 * shutdown ends it, never the servlet container's async timeout.
	 */
	private static final long TIMEOUT_MARGIN_MILLIS = 30_000;

	private final OpenConnections connections;

	private final String version;

	EventStreamController(OpenConnections connections, SampleProperties properties) {
		this.connections = connections;
		this.version = properties.version().value();
	}

	@GetMapping("/events")
	ResponseEntity<SseEmitter> events(@RequestParam(defaultValue = "30") int seconds, HttpServletRequest request) {
		long millis = Seconds.millis(seconds);
		SseEmitter emitter = new SseEmitter(millis + TIMEOUT_MARGIN_MILLIS);
		new EventStream(emitter, this.version, request.getLocalPort(), seconds).start(this.connections);
		// nginx would otherwise buffer the small events and pass them on in bursts.
		return ResponseEntity.ok().cacheControl(CacheControl.noCache()).header("X-Accel-Buffering", "no").body(emitter);
	}

}
