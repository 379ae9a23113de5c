/**
 * Real HTTP instances and registry records for tests.
 */
package dev.baton.health.support;
