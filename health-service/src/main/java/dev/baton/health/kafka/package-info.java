/**
 * Thin adapters between Kafka and the fleet: the registry's state and deploy steps in,
 * verdicts out on {@code health.verdicts}, keyed by instance id.
 */
package dev.baton.health.kafka;
