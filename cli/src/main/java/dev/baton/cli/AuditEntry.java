package dev.baton.cli;

import java.time.Instant;
import java.time.format.DateTimeParseException;
import java.util.Comparator;

import org.apache.kafka.clients.consumer.ConsumerRecord;
import tools.jackson.databind.JsonNode;

/**
 * One entry of the audit trail with the time it is told at: the entry's own {@code at}
 * where it has one, else its record's Kafka timestamp. The trail is read partition by
 * partition, and entries about different subjects sit on different partitions, so it is
 * merged by this time to tell what happened in the order it happened.
 *
 * @param record the record it was read from
 * @param event its value
 * @param at when it happened
 */
record AuditEntry(ConsumerRecord<String, String> record, JsonNode event, Instant at) {

	/** By time; entries of the same time in the order of their partition and offset. */
	static final Comparator<AuditEntry> TIME_ORDER = Comparator.comparing(AuditEntry::at)
		.thenComparingInt((entry) -> entry.record().partition())
		.thenComparingLong((entry) -> entry.record().offset());

	/**
	 * The entry a record holds.
	 * @param record the record
	 * @return the entry, or null for a record that is not JSON
	 */
	static AuditEntry of(ConsumerRecord<String, String> record) {
		JsonNode event = Kafka.json(record);
		return (event != null) ? new AuditEntry(record, event, timeOf(record, event)) : null;
	}

	private static Instant timeOf(ConsumerRecord<String, String> record, JsonNode event) {
		JsonNode at = event.path("at");
		if (at.isString()) {
			try {
				return Instant.parse(at.asString());
			}
			catch (DateTimeParseException ex) {
				// an entry written by hand: its record's time tells when
			}
		}
		return Instant.ofEpochMilli(record.timestamp());
	}

	String text(String field) {
		return this.event.path(field).asString();
	}

}
