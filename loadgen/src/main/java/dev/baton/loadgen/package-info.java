/**
 * The load generator: fixed-rate open-model GET and POST traffic against a loopback
 * target, every failure counted by status or cause, latency in HdrHistogram, a sample per
 * second.
 */
package dev.baton.loadgen;
