/**
 * Recovering after a restart: {@code deploy.steps} read back into how far every deploy
 * got, the latest unfinished deploy of each service resumed under its service's policy
 * now (or closed as failed when it cannot be), older ones closed as superseded, and
 * DEPLOY gates that no unfinished deploy holds closed opened again.
 */
package dev.baton.deployer.rollout.recovery;
