/**
 * The rollout: a deploy request planned into batches, run instance by instance (drain,
 * restart, verify, enable) with its rollback, and carried on after a restart. Nothing
 * here or below knows Kafka or Spring. This package holds what the rollout shares with
 * its adapters: the ports {@link dev.baton.deployer.rollout.DeployEvents} and
 * {@link dev.baton.deployer.rollout.InstanceRuntime} through which it acts on the world,
 * what a restart gives back, the observer that metrics follow deploys with, and the
 * logging context of a deploy. Its parts, each using only those before it: {@code plan},
 * {@code answer}, {@code step}, {@code surge}, {@code run}, {@code recovery}.
 */
package dev.baton.deployer.rollout;
