package dev.baton.console.web;

import java.io.IOException;
import java.time.Duration;
import java.util.Map;
import java.util.Optional;
import java.util.Set;
import java.util.UUID;
import java.util.concurrent.ExecutionException;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.TimeoutException;

import dev.baton.console.view.ConsoleView;
import dev.baton.console.view.DeployRow;
import dev.baton.contracts.DeployId;
import dev.baton.contracts.ServiceName;
import dev.baton.contracts.Topic;
import dev.baton.contracts.Version;
import dev.baton.contracts.deploy.CancelDeploy;
import dev.baton.contracts.deploy.DeployRequest;
import dev.baton.contracts.deploy.DeployRequested;
import dev.baton.contracts.deploy.PauseDeploy;
import dev.baton.contracts.deploy.ResumeDeploy;
import dev.baton.contracts.deploy.RollbackDeploy;
import dev.baton.kafka.TopicNames;

import org.springframework.http.HttpStatus;
import org.springframework.http.MediaType;
import org.springframework.http.ResponseEntity;
import org.springframework.kafka.KafkaException;
import org.springframework.kafka.core.KafkaTemplate;
import org.springframework.web.bind.annotation.ExceptionHandler;
import org.springframework.web.bind.annotation.PathVariable;
import org.springframework.web.bind.annotation.PostMapping;
import org.springframework.web.bind.annotation.RequestBody;
import org.springframework.web.bind.annotation.RestController;
import org.springframework.web.bind.annotation.SessionAttribute;

/**
 * The operators' actions, with the CLI's semantics: decisions on an instance go to the
 * registry, which refuses what the lifecycle does not allow; deploys and their controls
 * go to {@code deploy.requests}, where the deployer answers on {@code deploy.steps},
 * which the page shows. Each carries the logged-in operator's name for the audit trail.
 */
@RestController
public class ActionController {

	private static final Set<String> DECISIONS = Set.of("approve", "offline", "online");

	/** How long a click waits for Kafka to take its request. */
	static final Duration PUBLISH_WITHIN = Duration.ofSeconds(15);

	private final RegistryClient registry;

	private final ConsoleView view;

	private final KafkaTemplate<String, Object> kafka;

	private final TopicNames topics;

	public ActionController(RegistryClient registry, ConsoleView view, KafkaTemplate<String, Object> kafka,
			TopicNames topics) {
		this.registry = registry;
		this.view = view;
		this.kafka = kafka;
		this.topics = topics;
	}

	@PostMapping("/api/instances/{id}/{action}")
	ResponseEntity<String> decide(@PathVariable String id, @PathVariable String action,
			@RequestBody(required = false) Map<String, String> body,
			@SessionAttribute(SessionFilter.OPERATOR) String operator) throws IOException {
		if (!DECISIONS.contains(action)) {
			throw new IllegalArgumentException("no action '" + action + "'; the actions are approve, offline, online");
		}
		RegistryClient.Reply reply = this.registry.decide(id, action, operator, reason(body));
		return ResponseEntity.status(reply.status()).contentType(MediaType.APPLICATION_JSON).body(reply.body());
	}

	@PostMapping("/api/deploys")
	ResponseEntity<Map<String, String>> deploy(@RequestBody Map<String, String> body,
			@SessionAttribute(SessionFilter.OPERATOR) String operator) {
		DeployRequested request = new DeployRequested(DeployId.of("console-" + UUID.randomUUID()),
				ServiceName.of(required(body, "service")), Version.of(required(body, "version")), null, null, null,
				false, operator, null, null, null, null, false);
		publish(request.service(), request);
		return ResponseEntity.accepted().body(Map.of("deployId", request.deployId().value()));
	}

	/**
	 * As {@code baton rollback}: refused while a deploy of the service runs (its cancel
	 * rolls back what it touched); the deployer picks the release to go back to, or
	 * rejects the rollback when no earlier one succeeded, in the new deploy's steps.
	 */
	@PostMapping("/api/services/{service}/rollback")
	ResponseEntity<Map<String, String>> rollback(@PathVariable String service,
			@RequestBody(required = false) Map<String, String> body,
			@SessionAttribute(SessionFilter.OPERATOR) String operator) {
		ServiceName name = ServiceName.of(service);
		Optional<DeployRow> running = this.view.runningOf(name.value());
		if (running.isPresent()) {
			return ResponseEntity.status(HttpStatus.CONFLICT)
				.body(Map.of("error", "deploy " + running.get().deployId() + " of " + service
						+ " is running; cancel it to roll back what it touched"));
		}
		RollbackDeploy request = new RollbackDeploy(DeployId.of("console-" + UUID.randomUUID()), name, operator,
				reason(body), null);
		publish(name, request);
		return ResponseEntity.accepted().body(Map.of("deployId", request.deployId().value()));
	}

	@PostMapping("/api/deploys/{deployId}/{action}")
	ResponseEntity<Map<String, String>> control(@PathVariable String deployId, @PathVariable String action,
			@RequestBody(required = false) Map<String, String> body,
			@SessionAttribute(SessionFilter.OPERATOR) String operator) {
		Optional<DeployRow> running = this.view.running(deployId);
		if (running.isEmpty()) {
			return ResponseEntity.status(HttpStatus.CONFLICT)
				.body(Map.of("error", "deploy " + deployId + " is not running"));
		}
		DeployId id = DeployId.of(deployId);
		ServiceName service = ServiceName.of(running.get().service());
		String reason = reason(body);
		DeployRequest request = switch (action) {
			case "pause" -> new PauseDeploy(id, service, operator, reason, null);
			case "resume" -> new ResumeDeploy(id, service, operator, reason, null);
			case "cancel" -> new CancelDeploy(id, service, operator, reason, null);
			default -> throw new IllegalArgumentException(
					"no action '" + action + "' on a deploy; the actions are pause, resume, cancel");
		};
		publish(service, request);
		return ResponseEntity.accepted().body(Map.of("deployId", deployId, "requested", action));
	}

	@ExceptionHandler(IllegalArgumentException.class)
	ResponseEntity<Map<String, String>> invalid(IllegalArgumentException ex) {
		return ResponseEntity.badRequest().body(Map.of("error", ex.getMessage()));
	}

	@ExceptionHandler(NotPublished.class)
	ResponseEntity<Map<String, String>> unpublished(NotPublished ex) {
		return ResponseEntity.status(HttpStatus.SERVICE_UNAVAILABLE).body(Map.of("error", ex.getMessage()));
	}

	@ExceptionHandler(IOException.class)
	ResponseEntity<Map<String, String>> unanswered(IOException ex) {
		return ResponseEntity.status(HttpStatus.BAD_GATEWAY)
			.body(Map.of("error", "the registry did not answer: " + ex.getMessage()));
	}

	private void publish(ServiceName service, DeployRequest request) {
		try {
			this.kafka.send(this.topics.name(Topic.DEPLOY_REQUESTS), service.value(), request)
				.get(PUBLISH_WITHIN.toMillis(), TimeUnit.MILLISECONDS);
		}
		catch (InterruptedException ex) {
			Thread.currentThread().interrupt();
			throw new IllegalStateException("interrupted while publishing", ex);
		}
		catch (ExecutionException | TimeoutException | KafkaException ex) {
			// Spring's KafkaException: the producer could not even take the record (no
			// metadata); after a timeout it may go on trying until its delivery timeout,
			// so the request is unconfirmed, not known to be lost
			throw new NotPublished("Kafka did not confirm the request within " + PUBLISH_WITHIN.toSeconds() + " s ("
					+ ex + "); it may still reach the deployer: watch the deploys before asking again", ex);
		}
	}

	/** A request Kafka did not confirm: the broker is down or out of reach. */
	static final class NotPublished extends RuntimeException {

		NotPublished(String message, Throwable cause) {
			super(message, cause);
		}

	}

	private static String reason(Map<String, String> body) {
		return (body != null) ? body.getOrDefault("reason", "") : "";
	}

	private static String required(Map<String, String> body, String field) {
		String value = body.get(field);
		if (value == null || value.isBlank()) {
			throw new IllegalArgumentException(field + " is required");
		}
		return value;
	}

}
