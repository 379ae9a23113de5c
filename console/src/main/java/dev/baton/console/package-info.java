/**
 * The ops console: a page fed by Kafka over server-sent events, and the operators'
 * actions on it.
 */
package dev.baton.console;
