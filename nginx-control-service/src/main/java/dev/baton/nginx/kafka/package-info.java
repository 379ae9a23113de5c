/**
 * Kafka adapters: the replay and listener of {@code nginx.commands} and the publisher of
 * {@code nginx.events}. They only translate; decisions live in the sync package.
 */
package dev.baton.nginx.kafka;
