/**
 * Kafka adapters: the replay and listener of {@code nginx.commands}, the read-back of
 * this node's answers on {@code nginx.events} at start, and the publisher of
 * {@code nginx.events}. They only translate; decisions live in the sync package.
 */
package dev.baton.nginx.kafka;
