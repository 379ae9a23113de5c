/**
 * Integration tests: health-service replicas against a real broker and real HTTP
 * instances.
 */
package dev.baton.health.it;
