/**
 * Planning a deploy: the service's policy, the batches it allows, the instances a deploy
 * acts on with the versions a rollback puts back, the dry run's preview, and the refusal
 * of a request before anything is touched. Uses no other part of the rollout.
 */
package dev.baton.deployer.rollout.plan;
