package dev.baton.registry.api;

import java.util.ArrayList;
import java.util.Comparator;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.Optional;
import java.util.TreeMap;
import java.util.stream.Stream;

import org.springframework.http.HttpStatus;
import org.springframework.http.ResponseEntity;
import org.springframework.web.bind.annotation.DeleteMapping;
import org.springframework.web.bind.annotation.GetMapping;
import org.springframework.web.bind.annotation.PathVariable;
import org.springframework.web.bind.annotation.PostMapping;
import org.springframework.web.bind.annotation.RequestBody;
import org.springframework.web.bind.annotation.RequestMapping;
import org.springframework.web.bind.annotation.RequestParam;
import org.springframework.web.bind.annotation.RestController;

import dev.baton.contracts.CommandId;
import dev.baton.contracts.InstanceId;
import dev.baton.contracts.operation.OperateInstance;
import dev.baton.contracts.operation.OperatorAction;
import dev.baton.contracts.registration.InstanceDeregistered;
import dev.baton.contracts.registration.RegistrationMessage;
import dev.baton.contracts.registry.InstanceSnapshot;
import dev.baton.registry.kafka.RegistrationsGateway;
import dev.baton.registry.lifecycle.UnknownInstanceException;
import dev.baton.registry.membership.Registry;

/**
 * Lists the fleet and turns operators' REST calls into messages: registrations on
 * {@code registrations}, decisions on {@code operations}. A command the registry would
 * refuse is refused here, before anything is published.
 */
@RestController
@RequestMapping("/api")
public class AdminController {

	private final Registry registry;

	private final RegistrationsGateway gateway;

	public AdminController(Registry registry, RegistrationsGateway gateway) {
		this.registry = registry;
		this.gateway = gateway;
	}

	@GetMapping("/services")
	Map<String, List<InstanceView>> services() {
		Map<String, List<InstanceView>> services = new TreeMap<>();
		live().forEach((view) -> services.computeIfAbsent(view.service(), (name) -> new ArrayList<>()).add(view));
		return services;
	}

	@GetMapping("/instances")
	List<InstanceView> instances(@RequestParam Optional<String> service) {
		return live().filter((view) -> service.map(view.service()::equals).orElse(true)).toList();
	}

	@GetMapping("/instances/{id}")
	InstanceView instance(@PathVariable String id) {
		return InstanceView.of(known(id));
	}

	@PostMapping("/instances")
	ResponseEntity<?> register(@RequestBody RegisterRequest request) {
		return send(request.toMessage());
	}

	@PostMapping("/instances/{id}/{action}")
	ResponseEntity<?> decide(@PathVariable String id, @PathVariable String action,
			@RequestBody(required = false) DecisionRequest body) {
		DecisionRequest decision = (body != null) ? body : DecisionRequest.NONE;
		InstanceSnapshot instance = known(id);
		OperateInstance command = new OperateInstance(null, instance.service(), instance.instanceId(), action(action),
				decision.byOrDefault(), decision.reason(), null);
		this.registry.preview(command);
		return answer(command.id(), this.gateway.sendAndAwait(command));
	}

	@DeleteMapping("/instances/{id}")
	ResponseEntity<?> deregister(@PathVariable String id, @RequestBody(required = false) DecisionRequest body) {
		DecisionRequest decision = (body != null) ? body : DecisionRequest.NONE;
		InstanceSnapshot instance = known(id);
		return send(new InstanceDeregistered(null, instance.instanceId(), instance.service(), null, 0,
				decision.byOrDefault(), decision.reason(), null));
	}

	private ResponseEntity<?> send(RegistrationMessage message) {
		this.registry.preview(message);
		return answer(message.id(), this.gateway.sendAndAwait(message));
	}

	private static ResponseEntity<?> answer(CommandId id, Optional<InstanceSnapshot> applied) {
		return applied.<ResponseEntity<?>>map((snapshot) -> ResponseEntity.ok(InstanceView.of(snapshot)))
			.orElseGet(() -> ResponseEntity.status(HttpStatus.ACCEPTED)
				.body(Map.of("id", id.value(), "status", "accepted, not yet applied")));
	}

	private InstanceSnapshot known(String id) {
		return this.registry.live(InstanceId.of(id))
			.orElseThrow(() -> new UnknownInstanceException("no registered instance " + id));
	}

	private Stream<InstanceView> live() {
		return this.registry.instances()
			.stream()
			.filter((snapshot) -> !snapshot.deregistered())
			.sorted(Comparator.comparing((InstanceSnapshot snapshot) -> snapshot.instanceId().value()))
			.map(InstanceView::of);
	}

	private static OperatorAction action(String action) {
		try {
			return OperatorAction.valueOf(action.toUpperCase(Locale.ROOT));
		}
		catch (IllegalArgumentException ex) {
			throw new IllegalArgumentException("unknown action '" + action + "': use approve, offline or online");
		}
	}

}
