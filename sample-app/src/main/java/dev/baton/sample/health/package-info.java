/**
 * The health endpoint Baton's health-service probes: status and version.
 */
package dev.baton.sample.health;
