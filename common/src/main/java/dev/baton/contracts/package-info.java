/**
 * Baton's event contracts: the records that travel on every topic, the value types they
 * are made of, and the topic names. Every record validates itself in its compact
 * constructor, so a message that exists is a message that can be acted on.
 */
package dev.baton.contracts;
