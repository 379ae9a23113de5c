package dev.baton.demo.guide;

import java.time.Instant;
import java.util.Set;
import java.util.TreeSet;

import org.apache.kafka.clients.consumer.ConsumerRecord;
import tools.jackson.databind.JsonNode;

import dev.baton.cli.Connection;
import dev.baton.cli.Json;
import dev.baton.cli.Kafka;
import dev.baton.demo.DemoOptions;

/**
 * The instances of the stack's service registered since a moment, as
 * {@code registrations} has them, whoever registered them.
 */
final class Registrations {

	private Registrations() {
	}

	/**
	 * @param options the stack, naming the service
	 * @param since when to read from
	 * @return the registered instances' ports
	 */
	static Set<Integer> portsSince(DemoOptions options, Instant since) {
		Set<Integer> ports = new TreeSet<>();
		try (Kafka kafka = new Kafka(Connection.of(options.kafka(), "baton."))) {
			for (ConsumerRecord<String, String> record : kafka.readToEnd("registrations", since)) {
				JsonNode registration = (record.value() != null) ? Json.mapper().readTree(record.value())
						: Json.mapper().missingNode();
				if ("InstanceRegistered".equals(registration.path("type").asString())
						&& options.service().equals(registration.path("service").asString())) {
					ports.add(registration.path("port").asInt());
				}
			}
		}
		return ports;
	}

}
