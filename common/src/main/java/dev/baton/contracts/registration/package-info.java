/**
 * Messages on {@code registrations}: instances joining and leaving (from the apps,
 * scalers, the CLI, the deployer or the registry's REST API). Operators' decisions about
 * them have a topic of their own, {@code operations}.
 */
package dev.baton.contracts.registration;
