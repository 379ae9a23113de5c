/**
 * What the deployer knows about the world it acts on: the instances of every service
 * (from {@code registry.state}), the nginx nodes a gate command must be answered by (from
 * their heartbeats, departures and an operator's word) and the DEPLOY gates it has
 * written. Plain classes, fed by listeners, read by the rollout.
 */
package dev.baton.deployer.fleet;
