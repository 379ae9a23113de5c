/**
 * One HTTP health probe of one instance: the request, its outcome (success with the
 * reported version, or failure with a one-word reason) and the settings that shape it.
 * Non-blocking, so a handful of threads probe a large fleet.
 */
package dev.baton.health.probe;
