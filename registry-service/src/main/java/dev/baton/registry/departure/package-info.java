/**
 * Instances leaving while online: which nginx nodes must confirm each one drained, and
 * when a drain is overdue. Knows nginx's events, not Kafka.
 */
package dev.baton.registry.departure;
