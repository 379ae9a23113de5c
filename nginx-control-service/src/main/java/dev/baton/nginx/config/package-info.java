/**
 * Spring wiring: the node's configuration properties, its beans and its start and stop
 * order (nginx, replay, sync, then the Kafka listener).
 */
package dev.baton.nginx.config;
