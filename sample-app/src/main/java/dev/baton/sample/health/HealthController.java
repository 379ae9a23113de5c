package dev.baton.sample.health;

import org.springframework.boot.availability.ApplicationAvailability;
import org.springframework.boot.availability.ReadinessState;
import org.springframework.http.HttpStatus;
import org.springframework.http.ResponseEntity;
import org.springframework.web.bind.annotation.GetMapping;
import org.springframework.web.bind.annotation.RestController;

import dev.baton.sample.config.SampleProperties;

/**
 * What health checks see: the version the instance runs, and 503 from the moment shutdown
 * begins (Spring Boot marks the app as refusing traffic before anything else stops), so
 * no checker mistakes a stopping instance for a healthy one.
 */
@RestController
class HealthController {

	private final ApplicationAvailability availability;

	private final String version;

	HealthController(ApplicationAvailability availability, SampleProperties properties) {
		this.availability = availability;
		this.version = properties.version().value();
	}

	@GetMapping("/health")
	ResponseEntity<HealthReport> health() {
		if (this.availability.getReadinessState() == ReadinessState.ACCEPTING_TRAFFIC) {
			return ResponseEntity.ok(new HealthReport("UP", this.version));
		}
		boolean wasReady = this.availability.getLastChangeEvent(ReadinessState.class) != null;
		String status = wasReady ? "SHUTTING_DOWN" : "STARTING";
		return ResponseEntity.status(HttpStatus.SERVICE_UNAVAILABLE).body(new HealthReport(status, this.version));
	}

	/**
	 * The health response body.
	 *
	 * @param status {@code UP}, {@code STARTING} or {@code SHUTTING_DOWN}
	 * @param version the version the instance runs
	 */
	record HealthReport(String status, String version) {

	}

}
