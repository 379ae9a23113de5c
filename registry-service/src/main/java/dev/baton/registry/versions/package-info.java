/**
 * Which versions each service's instances may report and still be put in rotation: the
 * version of the service's last succeeded deploy, the old and the new versions while a
 * deploy runs, learned from the deployer's steps. Plain Java: no Spring, no Kafka.
 */
package dev.baton.registry.versions;
