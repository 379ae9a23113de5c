/**
 * The instance lifecycle: REGISTERED → PRE_ONLINE → ONLINE ⇄ OFFLINE → DEREGISTERED,
 * decided from registrations, verdicts and operators' commands. Plain Java: no Spring, no
 * Kafka.
 */
package dev.baton.registry.lifecycle;
