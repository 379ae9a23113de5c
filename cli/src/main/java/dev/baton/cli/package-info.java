/**
 * The {@code baton} command: what CI jobs, scaling hooks and operators use. Talks to
 * Kafka like any other producer, and to the registry's admin API for operator decisions,
 * which the registry must be able to refuse synchronously.
 */
package dev.baton.cli;
