/**
 * Benchmarks of the load generator: run by hand, never by the build's tests.
 */
package dev.baton.loadgen.bench;
