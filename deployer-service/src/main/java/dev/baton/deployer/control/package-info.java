/**
 * The operator's say over deploys: pausing, resuming and cancelling one that runs (each
 * announced on the record before it takes effect, and read back by a restarted deployer),
 * and the history of succeeded releases a rollback goes back through. Nothing here knows
 * Kafka or Spring, nor how a deploy runs: the rollout asks its controls at each point
 * where it may hold.
 */
package dev.baton.deployer.control;
