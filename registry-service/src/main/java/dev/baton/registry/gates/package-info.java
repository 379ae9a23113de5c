/**
 * The registry's gates (ADMIN and HEALTH): what they should be for each instance, what
 * was last published for them, and the difference to publish. Plain Java: no Spring, no
 * Kafka.
 */
package dev.baton.registry.gates;
