/**
 * The registry's REST admin API for operators and for apps that cannot publish to Kafka:
 * list, register, approve, offline, online, deregister. Loopback only by default, bearer
 * token always.
 */
package dev.baton.registry.api;
