/**
 * The balancer benchmark: wrk through a static upstream and through the Lua balancer on
 * the same nginx, and the latencies of gate commands and drain answers.
 */
package dev.baton.nginx.bench;
