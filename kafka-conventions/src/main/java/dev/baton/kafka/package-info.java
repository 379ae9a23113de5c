/**
 * How every Baton service talks to Kafka, written once and auto-configured: JSON values
 * typed by the topic they travel on, bad records to {@code <topic>-dlt} with their reason
 * and an audit record, idempotent producers with {@code acks=all}, and topics declared
 * with their cleanup policy.
 */
package dev.baton.kafka;
