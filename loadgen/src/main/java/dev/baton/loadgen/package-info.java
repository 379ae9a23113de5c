/**
 * The load generator: fixed-rate open-model GET and POST traffic against a loopback
 * target, every failure counted by status or cause, latency in HdrHistogram, a sample per
 * second. Long-lived clients live in {@code live}.
 */
package dev.baton.loadgen;
