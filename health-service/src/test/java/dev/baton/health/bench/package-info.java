/**
 * The probe benchmark: a thousand instances registered through a real broker, served by
 * one local server, probed by a real health-service.
 */
package dev.baton.health.bench;
