/**
 * The balancer benchmark: wrk through a static upstream, a bare Lua balancer, the
 * baseline balancer and Baton's on the same nginx, and the latencies of gate commands and
 * drain answers.
 */
package dev.baton.nginx.bench;
