/**
 * Turns probe outcomes into verdicts: rise and fall counting, a verdict on every change
 * of status or version, periodic re-statements, and the verdict that answers a deploy's
 * restart step.
 */
package dev.baton.health.verdict;
