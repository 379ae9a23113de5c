/**
 * The Baton client: a Spring Boot starter that registers an app with Baton over Kafka
 * when it is ready and deregisters it on shutdown, before the web server stops taking
 * requests.
 * <p>
 * An instance that Baton's deployer restarts in place must set
 * {@code baton.client.deregister-on-shutdown=false}: otherwise every restart is a leave
 * and a join, and the operator's decision about the instance (approved, offline) is lost.
 * A scaler that removes an instance for good deregisters it explicitly before stopping
 * it.
 */
package dev.baton.client;
