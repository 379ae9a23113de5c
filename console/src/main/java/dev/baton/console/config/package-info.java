/**
 * The console's settings and its wiring, explicit.
 */
package dev.baton.console.config;
