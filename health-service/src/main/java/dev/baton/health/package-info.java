/**
 * health-service: active HTTP health checks of every registered instance, with verdicts
 * that carry the version each instance reports.
 */
package dev.baton.health;
