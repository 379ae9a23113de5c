package dev.baton.console.web;

import dev.baton.console.view.ConsoleView;

import org.springframework.http.MediaType;
import org.springframework.web.bind.annotation.GetMapping;
import org.springframework.web.bind.annotation.RestController;
import org.springframework.web.servlet.mvc.method.annotation.SseEmitter;

/**
 * The view, whole, and live: a page opens {@code /events} and is sent the whole view
 * (each service's first page of instances ahead of the others), then every change as
 * Kafka brings it, each page by a writer of its own ({@link PageStream}).
 */
@RestController
public class LiveController {

	private final ConsoleView view;

	public LiveController(ConsoleView view) {
		this.view = view;
	}

	@GetMapping("/api/view")
	ConsoleView.Snapshot view() {
		return this.view.snapshot();
	}

	@GetMapping(path = "/events", produces = MediaType.TEXT_EVENT_STREAM_VALUE)
	SseEmitter events() {
		// no timeout: a page that is gone is noticed at the next change written to it
		SseEmitter emitter = new SseEmitter(0L);
		this.view.subscribe(PageStream.start(emitter));
		return emitter;
	}

}
