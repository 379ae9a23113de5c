/**
 * What operators graph: probes per outcome, probe latency and how late probes start
 * against their schedule.
 */
package dev.baton.health.metrics;
