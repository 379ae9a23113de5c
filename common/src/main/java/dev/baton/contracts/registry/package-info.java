/**
 * Messages on compacted {@code registry.state}: the latest snapshot of every instance,
 * written by registry-service and read by everyone who needs to know the fleet.
 */
package dev.baton.contracts.registry;
