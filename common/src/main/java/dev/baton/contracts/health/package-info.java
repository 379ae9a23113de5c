/**
 * Messages on {@code health.verdicts}: what health-service concluded about an instance,
 * including the version the instance itself reported.
 */
package dev.baton.contracts.health;
