/**
 * What the deployer knows about the world it acts on: the instances of every service
 * (from {@code registry.state}), the nginx nodes a gate command must be answered by (from
 * their heartbeats, departures and an operator's word), the DEPLOY gates it has written,
 * what each node last said of each peer, and from those the instances serving now, which
 * {@code min-healthy} counts. Plain classes, fed by listeners, read by the rollout.
 */
package dev.baton.deployer.fleet;
