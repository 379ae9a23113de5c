/**
 * The registry's Spring wiring and configuration.
 */
package dev.baton.registry.config;
