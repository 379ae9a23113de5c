/**
 * What an operator's tooling sees of a node: its metrics on {@code /actuator/prometheus}
 * (command latency, drain times, in-flight counts of draining peers, each peer's
 * requests, server errors, connect failures and latencies) and whether its nginx answers,
 * on {@code /actuator/health}.
 */
package dev.baton.nginx.observability;
