/**
 * The rollout itself: planning a deploy into batches, the per-instance step machine
 * (drain, restart, verify, enable) with its rollback, the waits matched by command and
 * step ids, and rebuilding unfinished deploys from their published steps. Nothing here
 * knows Kafka or Spring; the ports {@link dev.baton.deployer.rollout.DeployEvents} and
 * {@link dev.baton.deployer.rollout.InstanceRuntime} are how it acts on the world.
 */
package dev.baton.deployer.rollout;
