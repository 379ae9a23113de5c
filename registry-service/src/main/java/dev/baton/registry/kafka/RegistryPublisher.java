package dev.baton.registry.kafka;

import java.time.Clock;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.TimeUnit;

import org.springframework.kafka.core.KafkaOperations;

import dev.baton.contracts.CommandId;
import dev.baton.contracts.GateKey;
import dev.baton.contracts.Topic;
import dev.baton.contracts.nginx.SetPeerGate;
import dev.baton.contracts.registry.InstanceSnapshot;
import dev.baton.kafka.AuditTrail;
import dev.baton.kafka.TopicNames;
import dev.baton.registry.gates.GateChange;
import dev.baton.registry.lifecycle.Change;
import dev.baton.registry.lifecycle.Transition;
import dev.baton.registry.membership.Publications;

/**
 * Publishes the registry's decisions: snapshots on {@code registry.state} keyed by
 * instance id, gate records on {@code nginx.commands} keyed by gate, and audit entries.
 * Waits for the broker's acknowledgement of all of them before the registry remembers the
 * change.
 */
public class RegistryPublisher implements Publications {

	private static final long ACK_TIMEOUT_SECONDS = 30;

	private final KafkaOperations<String, Object> kafka;

	private final TopicNames topics;

	private final AuditTrail audit;

	private final Clock clock;

	public RegistryPublisher(KafkaOperations<String, Object> kafka, TopicNames topics, AuditTrail audit, Clock clock) {
		this.kafka = kafka;
		this.topics = topics;
		this.audit = audit;
		this.clock = clock;
	}

	@Override
	public void publish(Change change, List<GateChange> gates) {
		InstanceSnapshot after = change.after();
		List<CompletableFuture<?>> sends = new ArrayList<>();
		sends.add(this.kafka.send(this.topics.name(Topic.REGISTRY_STATE), after.instanceId().value(), after));
		gates.forEach((gate) -> sends.add(sendGate(gate, change.reason())));
		String subject = after.instanceId().value();
		Map<String, String> details = Map.of("service", after.service().value(), "endpoint", after.endpoint().address(),
				"version", after.version().value());
		for (Transition transition : change.transitions()) {
			sends.add(this.audit.record(subject, "lifecycle." + transition.to(), change.actor(), change.reason(),
					details));
		}
		if (change.transitions().isEmpty()) {
			sends.add(this.audit.record(subject, updateAction(change), change.actor(), change.reason(), details));
		}
		awaitAll(sends);
	}

	/**
	 * A refusal of the version is audited once, when it starts: a verdict restated on the
	 * same version changes nothing, so it reaches no audit.
	 */
	private static String updateAction(Change change) {
		if (change.refusesVersion()) {
			return "version.refused";
		}
		return change.acceptsVersion() ? "version.accepted" : "instance.updated";
	}

	@Override
	public void publishGates(List<GateChange> gates, String reason) {
		awaitAll(gates.stream().<CompletableFuture<?>>map((gate) -> sendGate(gate, reason)).toList());
	}

	@Override
	public void departureStalled(InstanceSnapshot instance, String reason) {
		awaitAll(List.of(this.audit.record(instance.instanceId().value(), "departure.stalled", "registry-service",
				reason, Map.of("service", instance.service().value(), "endpoint", instance.endpoint().address()))));
	}

	private CompletableFuture<?> sendGate(GateChange gate, String reason) {
		String topic = this.topics.name(Topic.NGINX_COMMANDS);
		GateKey key = gate.key();
		if (gate.removal()) {
			return this.kafka.send(topic, key.toString(), null);
		}
		CommandId id = (gate.commandId() != null) ? gate.commandId() : CommandId.random();
		SetPeerGate command = (gate.drain() != null)
				? SetPeerGate.closing(id, key.service(), key.endpoint().host(), key.endpoint().port(), key.gate(),
						"registry-service", reason, this.clock.instant(), gate.drain())
				: new SetPeerGate(id, key.service(), key.endpoint().host(), key.endpoint().port(), key.gate(),
						gate.open(), "registry-service", reason, this.clock.instant());
		return this.kafka.send(topic, key.toString(), command);
	}

	private static void awaitAll(List<CompletableFuture<?>> sends) {
		CompletableFuture.allOf(sends.toArray(CompletableFuture[]::new))
			.orTimeout(ACK_TIMEOUT_SECONDS, TimeUnit.SECONDS)
			.join();
	}

}
