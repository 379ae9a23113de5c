/**
 * Spring wiring and configuration ({@code baton.health.*}): the only package that knows
 * how the feature packages are put together.
 */
package dev.baton.health.config;
