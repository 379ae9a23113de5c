package dev.baton.demo.attacks;

import java.time.Duration;
import java.util.Optional;

import org.apache.kafka.clients.consumer.ConsumerRecord;
import tools.jackson.databind.JsonNode;

import dev.baton.demo.Await;
import dev.baton.demo.Stack;

/**
 * An app's credential deregisters an online instance of its service (orders-1) under
 * load, as a leaked credential or a careless scaler would. The broker lets an app write
 * deregistrations, so the registry is what holds: the instance leaves rotation at once
 * and the registry only once every nginx node confirmed it drained, so no request is
 * lost. Afterwards it registers again and an operator approves it, as a scale-out would.
 */
final class DepartureAttack {

	private static final String INSTANCE = "orders-1";

	private static final String PEER = "127.0.0.1:9001";

	private static final Duration DRAINED = Duration.ofSeconds(90);

	private DepartureAttack() {
	}

	static Attack attack() {
		return new Attack("an online instance (orders-1) deregistered on registrations", "app", DepartureAttack::run);
	}

	private static Attempt run(AttackSurface surface) throws Exception {
		Stack stack = surface.stack();
		JsonNode before = stack.instance(INSTANCE);
		if (!"ONLINE".equals(before.path("lifecycle").asString())) {
			return Attempt.accepted(INSTANCE + " was not online before the attack: " + before);
		}
		try (Watch events = Watch.of(surface.kafka(), "nginx.events");
				Watch states = Watch.of(surface.kafka(), "registry.state")) {
			Optional<String> refused = surface.writers()
				.write("app", "registrations", surface.service(),
						AttackSurface.bytes(AttackSurface.message("InstanceDeregistered",
								RecordAttacks.fields("service", surface.service(), "instanceId", INSTANCE,
										"deregisteredBy", AttackSurface.marker(), "reason",
										"a leaked app credential"))));
			if (refused.isPresent()) {
				return Attempt.refused("broker", refused.get());
			}
			Optional<JsonNode> leaving = states.await((record) -> is(record, "LEAVING"), DRAINED)
				.map(RecordAttacks::json);
			Optional<JsonNode> drained = events
				.await((record) -> "PeerDrained".equals(RecordAttacks.json(record).path("type").asString())
						&& RecordAttacks.json(record).path("port").asInt() == 9001, DRAINED)
				.map(RecordAttacks::json);
			Optional<JsonNode> gone = states.await((record) -> is(record, "DEREGISTERED"), DRAINED)
				.map(RecordAttacks::json);
			if (leaving.isEmpty() || drained.isEmpty() || gone.isEmpty()) {
				return Attempt.accepted(INSTANCE + " leaving: " + leaving.isPresent() + ", drained by a node: "
						+ drained.isPresent() + ", deregistered: " + gone.isPresent());
			}
			return Attempt.refused("registry (drained first)",
					INSTANCE + " out of rotation at once (LEAVING), deregistered only once "
							+ drained.get().path("nodeId").asString() + " confirmed it drained ("
							+ drained.get().path("drainMillis").asLong() + " ms)");
		}
		finally {
			comeBack(surface, before);
		}
	}

	/**
	 * orders-1 registers again, as it first did (on the version it registered with, at
	 * the sample app's health path), is approved once healthy, and is back in rotation.
	 */
	private static void comeBack(AttackSurface surface, JsonNode before) throws Exception {
		Stack stack = surface.stack();
		Await.until(INSTANCE + " deregistered", DRAINED, () -> stack.instance(INSTANCE).isMissingNode());
		surface.writers()
			.write("app", "registrations", surface.service(),
					AttackSurface.bytes(AttackSurface.message("InstanceRegistered",
							RecordAttacks.fields("service", surface.service(), "instanceId", INSTANCE, "host",
									"127.0.0.1", "port", 9001, "version", before.path("registeredVersion").asString(),
									"healthPath", "/health", "registeredBy", "the attack suite"))));
		Await.until(INSTANCE + " pre-online", DRAINED,
				() -> "PRE_ONLINE".equals(stack.instance(INSTANCE).path("lifecycle").asString()));
		stack.baton("approve", INSTANCE, "--reason", "back after the departure attack");
		Await.until(INSTANCE + " back in rotation", DRAINED, () -> "up".equals(stack.peers().get(PEER)));
	}

	private static boolean is(ConsumerRecord<String, String> record, String lifecycle) {
		return INSTANCE.equals(record.key())
				&& lifecycle.equals(RecordAttacks.json(record).path("lifecycle").asString());
	}

}
