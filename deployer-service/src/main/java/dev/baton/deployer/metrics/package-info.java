/**
 * The deployer's metrics: deploy, drain, restart and verification durations in
 * Micrometer, read off the published deploy steps rather than taken inside the step
 * machine.
 */
package dev.baton.deployer.metrics;
