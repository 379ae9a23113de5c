/**
 * What the page shows, built from Baton's events: the fleet with each nginx node's view,
 * the nodes, the deploys and the audit trail. Free of Spring and Kafka.
 */
package dev.baton.console.view;
