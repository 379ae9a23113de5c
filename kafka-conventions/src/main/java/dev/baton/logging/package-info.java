/**
 * Logging conventions every service shares, with no Spring and no Kafka in them, so
 * domain packages may use them too.
 */
package dev.baton.logging;
