/**
 * The deployer's edge to Kafka: thin listeners that hand each message to the rollout, the
 * one publisher of steps, gates and audit records, and the start-up that rebuilds state
 * from the topics before any request is taken.
 */
package dev.baton.deployer.kafka;
