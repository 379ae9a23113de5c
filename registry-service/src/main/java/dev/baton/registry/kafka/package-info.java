/**
 * The registry's Kafka adapters: listeners that hand messages to the registry, the
 * publisher of its decisions, and the start-up that rebuilds state before the listeners
 * start.
 */
package dev.baton.registry.kafka;
