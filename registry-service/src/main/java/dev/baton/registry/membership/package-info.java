/**
 * The registry's use cases: apply a message to the fleet, publish what changed, remember
 * it, and tell a waiting REST caller. Knows the lifecycle and the gates, not Kafka.
 */
package dev.baton.registry.membership;
