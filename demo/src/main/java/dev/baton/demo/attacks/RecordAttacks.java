package dev.baton.demo.attacks;

import java.time.Duration;
import java.time.Instant;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.function.Function;

import org.apache.kafka.clients.consumer.ConsumerRecord;
import tools.jackson.databind.JsonNode;

import dev.baton.cli.Json;

/**
 * Attacks made of records: what a principal that holds an app's or CI's credentials (or,
 * for malformed records, any writer) may try on the broker.
 */
final class RecordAttacks {

	private static final Duration ANSWER = Duration.ofSeconds(20);

	private RecordAttacks() {
	}

	static List<Attack> all() {
		return List.of(
				new Attack("hijack by re-registration: orders-1 registered again at 127.0.0.1:9003", "app",
						RecordAttacks::hijack),
				new Attack("registration outside the allow-list: port 6666, host attacker.invalid", "app",
						RecordAttacks::outsideAllowList),
				new Attack("OperateInstance OFFLINE for orders-1 written to registrations", "app",
						(surface) -> deadLetteredOrders1StaysOnline(surface, "orders",
								(marker) -> offline("orders-1", marker))),
				new Attack("orders-1 deregistered by an app of another service (billing)", "app",
						(surface) -> deadLetteredOrders1StaysOnline(surface, "billing",
								(marker) -> AttackSurface.message("InstanceDeregistered",
										fields("service", "billing", "instanceId", "orders-1", "deregisteredBy",
												marker)))),
				new Attack("OperateInstance OFFLINE for orders-1 written to operations", "app",
						(surface) -> refusedByBroker(surface, "app", "operations", "orders",
								offline("orders-1", AttackSurface.marker()))),
				new Attack("SetPeerGate written to nginx.commands: orders-1's DEPLOY gate closed", "app",
						(surface) -> refusedByBroker(surface, "app", "nginx.commands", "orders/127.0.0.1:9001/DEPLOY",
								AttackSurface.message("SetPeerGate",
										fields("commandId", AttackSurface.marker(), "service", "orders", "host",
												"127.0.0.1", "port", 9001, "gate", "DEPLOY", "open", false, "by",
												"attacker", "reason", "hijack", "at", Instant.now().toString())))),
				new Attack("forged verdict on health.verdicts: orders-1 UNHEALTHY", "app", (surface) -> refusedByBroker(
						surface, "app", "health.verdicts", "orders-1",
						AttackSurface.message("VerdictIssued",
								fields("instanceId", "orders-1", "service", "orders", "host", "127.0.0.1", "port", 9001,
										"status", "UNHEALTHY", "version", "v1", "at", Instant.now().toString())))),
				new Attack("forged DeployStarted on deploy.steps", "app, ci", RecordAttacks::forgedDeployStarted),
				new Attack("allowDowntime with a batch of every instance", "ci", RecordAttacks::downtime),
				new Attack("a malformed and an oversized (100 KiB) record on every topic a service reads",
						"the administrator, who may write anywhere", RecordAttacks::malformedEverywhere));
	}

	private static Attempt hijack(AttackSurface surface) throws Exception {
		String marker = AttackSurface.marker();
		try (Watch dlt = Watch.of(surface.kafka(), "registrations-dlt")) {
			Optional<String> refused = surface.writers()
				.write("app", "registrations", "orders",
						AttackSurface.bytes(AttackSurface.message("InstanceRegistered",
								fields("service", "orders", "instanceId", "orders-1", "host", "127.0.0.1", "port", 9003,
										"version", "v1", "registeredBy", marker))));
			if (refused.isPresent()) {
				return Attempt.refused("broker", refused.get());
			}
			Optional<String> reason = dlt.deadLetter(marker, ANSWER);
			int port = surface.stack().instance("orders-1").path("port").asInt();
			if (reason.isEmpty() || port != 9001) {
				return Attempt.accepted("orders-1 is at port " + port + "; dead letter: " + reason.orElse("none"));
			}
			return Attempt.refused("registry", reason.get());
		}
	}

	/**
	 * A record an app may write on {@code registrations} that must change nothing of
	 * orders-1: an operator's decision (taken only from {@code operations}, since Kafka
	 * cannot tell the registry who wrote a record), a deregistration naming another
	 * service. It is dead-lettered with its reason and orders-1 stays online.
	 */
	private static Attempt deadLetteredOrders1StaysOnline(AttackSurface surface, String key,
			Function<String, Object> message) throws Exception {
		String marker = AttackSurface.marker();
		try (Watch dlt = Watch.of(surface.kafka(), "registrations-dlt")) {
			Optional<String> refused = surface.writers()
				.write("app", "registrations", key, AttackSurface.bytes(message.apply(marker)));
			if (refused.isPresent()) {
				return Attempt.refused("broker", refused.get());
			}
			Optional<String> reason = dlt.deadLetter(marker, ANSWER);
			String lifecycle = surface.stack().instance("orders-1").path("lifecycle").asString();
			if (reason.isEmpty() || !"ONLINE".equals(lifecycle)) {
				return Attempt.accepted("orders-1 is " + lifecycle + "; dead letter: " + reason.orElse("none"));
			}
			return Attempt.refused("registry", reason.get());
		}
	}

	private static Object offline(String instance, String marker) {
		return AttackSurface.message("OperateInstance", fields("service", "orders", "instanceId", instance, "action",
				"OFFLINE", "by", marker, "reason", "a leaked app credential"));
	}

	private static Attempt outsideAllowList(AttackSurface surface) throws Exception {
		return registrationRefused(surface, "orders-attacker", "127.0.0.1", 6666)
			.and(registrationRefused(surface, "orders-attacker", "attacker.invalid", 9003));
	}

	private static Attempt registrationRefused(AttackSurface surface, String instance, String host, int port)
			throws Exception {
		String marker = AttackSurface.marker();
		try (Watch dlt = Watch.of(surface.kafka(), "registrations-dlt")) {
			Optional<String> refused = surface.writers()
				.write("app", "registrations", "orders",
						AttackSurface
							.bytes(AttackSurface.message("InstanceRegistered", fields("service", "orders", "instanceId",
									instance, "host", host, "port", port, "version", "v1", "registeredBy", marker))));
			if (refused.isPresent()) {
				return Attempt.refused("broker", refused.get());
			}
			Optional<String> reason = dlt.deadLetter(marker, ANSWER);
			boolean registered = !surface.stack().instance(instance).isMissingNode();
			if (reason.isEmpty() || registered) {
				return Attempt.accepted(instance + " at " + host + ":" + port + " registered: " + registered);
			}
			return Attempt.refused("registry", reason.get());
		}
	}

	private static Attempt forgedDeployStarted(AttackSurface surface) throws Exception {
		Attempt refused = null;
		for (String role : List.of("app", "ci")) {
			Attempt attempt = refusedByBroker(surface, role, "deploy.steps", "orders",
					AttackSurface.message("DeployStarted",
							fields("deployId", AttackSurface.marker(), "service", "orders", "version", "v2", "batches",
									List.of(List.of("orders-1", "orders-2")), "requestedBy", "attacker", "at",
									Instant.now().toString())));
			refused = (refused == null) ? attempt : refused.and(attempt);
		}
		return refused;
	}

	/**
	 * A request may accept downtime only where the service's configuration allows it; the
	 * deployer rejects it before anything is touched.
	 */
	private static Attempt downtime(AttackSurface surface) throws Exception {
		String deployId = AttackSurface.marker();
		try (Watch steps = Watch.of(surface.kafka(), "deploy.steps")) {
			Optional<String> refused = surface.writers()
				.write("ci", "deploy.requests", "orders",
						AttackSurface.bytes(AttackSurface.message("DeployRequested",
								fields("deployId", deployId, "service", "orders", "version", "v2", "requestedBy",
										"attacker", "batchSize", 2, "allowDowntime", true))));
			if (refused.isPresent()) {
				return Attempt.refused("broker", refused.get());
			}
			Optional<JsonNode> answer = steps
				.await((record) -> deployId.equals(json(record).path("deployId").asString()), ANSWER)
				.map(RecordAttacks::json);
			String type = answer.map((step) -> step.path("type").asString()).orElse("no answer");
			if (!"DeployRejected".equals(type)) {
				return Attempt.accepted("the deployer answered " + type);
			}
			return Attempt.refused("deployer", answer.get().path("reason").asString());
		}
	}

	/**
	 * Every topic a service reads, with a key its readers accept: the records cannot be
	 * read as what the topic carries, and must be dead-lettered with their reason while
	 * every reader goes on.
	 */
	private static Attempt malformedEverywhere(AttackSurface surface) throws Exception {
		Map<String, String> keys = new LinkedHashMap<>();
		keys.put("registrations", "orders");
		keys.put("operations", "orders");
		keys.put("registry.state", "orders-attacker");
		keys.put("health.verdicts", "orders-attacker");
		keys.put("nginx.commands", "orders/127.0.0.1:9999/DEPLOY");
		keys.put("nginx.events", "orders");
		keys.put("deploy.requests", "orders");
		keys.put("deploy.steps", "orders");
		Attempt all = null;
		Map<Boolean, String> examples = new LinkedHashMap<>();
		for (Map.Entry<String, String> topic : keys.entrySet()) {
			for (boolean oversized : List.of(false, true)) {
				String marker = AttackSurface.marker();
				String value = oversized
						? "{\"type\":\"" + marker + "\",\"padding\":\"" + "x".repeat(100 * 1024) + "\"}"
						: "{\"type\":\"InstanceRegistered\",\"marker\":\"" + marker + "\",\"port\":\"not a port\"";
				Attempt attempt;
				try (Watch dlt = Watch.of(surface.kafka(), topic.getKey() + "-dlt")) {
					surface.writers().write("admin", topic.getKey(), topic.getValue(), AttackSurface.bytes(value));
					attempt = dlt.deadLetter(marker, ANSWER)
						.map((reason) -> Attempt.refused("its readers", reason))
						.orElse(Attempt.accepted(topic.getKey() + ": no dead letter for the "
								+ (oversized ? "oversized" : "malformed") + " record"));
				}
				examples.putIfAbsent(oversized, attempt.reason());
				all = (all == null) ? attempt : all.and(attempt);
			}
		}
		return all.refused() ? Attempt.refused("every reader, which went on", "all " + 2 * keys.size()
				+ " dead-lettered, e.g. \"" + examples.get(false) + "\" and \"" + examples.get(true) + "\"") : all;
	}

	private static Attempt refusedByBroker(AttackSurface surface, String role, String topic, String key, Object message)
			throws Exception {
		return surface.writers()
			.write(role, topic, key, AttackSurface.bytes(message))
			.map((refusal) -> Attempt.refused("broker", refusal))
			.orElse(Attempt.accepted(role + " wrote to " + topic));
	}

	static JsonNode json(ConsumerRecord<String, String> record) {
		try {
			return (record.value() != null) ? Json.mapper().readTree(record.value()) : Json.mapper().missingNode();
		}
		catch (RuntimeException ex) {
			return Json.mapper().missingNode();
		}
	}

	static Map<String, Object> fields(Object... pairs) {
		Map<String, Object> fields = new LinkedHashMap<>();
		for (int i = 0; i < pairs.length; i += 2) {
			fields.put((String) pairs[i], pairs[i + 1]);
		}
		return fields;
	}

}
