package dev.baton.registry.api;

import java.util.Map;

import org.springframework.http.HttpStatus;
import org.springframework.http.ResponseEntity;
import org.springframework.http.converter.HttpMessageNotReadableException;
import org.springframework.web.bind.annotation.ExceptionHandler;
import org.springframework.web.bind.annotation.RestControllerAdvice;

import dev.baton.kafka.FailureReason;
import dev.baton.registry.lifecycle.LifecycleConflictException;
import dev.baton.registry.lifecycle.UnknownInstanceException;

/**
 * Turns refusals into 4xx answers with a message a person can act on.
 */
@RestControllerAdvice
class ApiErrors {

	@ExceptionHandler(UnknownInstanceException.class)
	ResponseEntity<Map<String, String>> unknown(UnknownInstanceException ex) {
		return error(HttpStatus.NOT_FOUND, ex.getMessage());
	}

	@ExceptionHandler(LifecycleConflictException.class)
	ResponseEntity<Map<String, String>> conflict(LifecycleConflictException ex) {
		return error(HttpStatus.CONFLICT, ex.getMessage());
	}

	@ExceptionHandler({ IllegalArgumentException.class, NullPointerException.class })
	ResponseEntity<Map<String, String>> invalid(RuntimeException ex) {
		return error(HttpStatus.BAD_REQUEST, ex.getMessage());
	}

	@ExceptionHandler(HttpMessageNotReadableException.class)
	ResponseEntity<Map<String, String>> unreadable(HttpMessageNotReadableException ex) {
		return error(HttpStatus.BAD_REQUEST, "unreadable body: " + FailureReason.of(ex));
	}

	private static ResponseEntity<Map<String, String>> error(HttpStatus status, String message) {
		return ResponseEntity.status(status)
			.body(Map.of("error", (message != null) ? message : status.getReasonPhrase()));
	}

}
