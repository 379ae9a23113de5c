/**
 * What feeds the console's view: one listener over the topics the page shows.
 */
package dev.baton.console.kafka;
