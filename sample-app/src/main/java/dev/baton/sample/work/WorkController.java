package dev.baton.sample.work;

import java.time.Duration;

import tools.jackson.databind.JsonNode;

import org.springframework.http.ResponseEntity;
import org.springframework.web.bind.annotation.GetMapping;
import org.springframework.web.bind.annotation.PostMapping;
import org.springframework.web.bind.annotation.RequestBody;
import org.springframework.web.bind.annotation.RestController;

import dev.baton.sample.config.SampleProperties;

/**
 * The traffic the demo's load generator sends: a read and a write, each taking the
 * configured time. The time is spent waiting, as on a database, not burning CPU: 300
 * requests a second of 20 ms CPU each would need six cores.
 */
@RestController
class WorkController {

	private final String version;

	private final Duration work;

	private final FlakyRequests flaky;

	WorkController(SampleProperties properties) {
		this.version = properties.version().value();
		this.work = properties.workPerRequest();
		this.flaky = new FlakyRequests(properties.failureRate());
	}

	@GetMapping("/work")
	ResponseEntity<WorkDone> work() {
		pause();
		return this.flaky.answer(new WorkDone(this.version, this.work.toMillis()));
	}

	@PostMapping("/orders")
	ResponseEntity<OrderAccepted> order(@RequestBody JsonNode order) {
		pause();
		return this.flaky.answer(new OrderAccepted(this.version, order));
	}

	private void pause() {
		try {
			Thread.sleep(this.work.toMillis());
		}
		catch (InterruptedException ex) {
			Thread.currentThread().interrupt();
			throw new IllegalStateException("request interrupted", ex);
		}
	}

	/**
	 * The answer to {@code GET /work}.
	 *
	 * @param version the version that answered
	 * @param workMillis how long the work took
	 */
	record WorkDone(String version, long workMillis) {

	}

	/**
	 * The answer to {@code POST /orders}: the order as received.
	 *
	 * @param version the version that answered
	 * @param order the request body
	 */
	record OrderAccepted(String version, JsonNode order) {

	}

}
