/**
 * Messages on {@code registrations}: instances joining and leaving (from the apps,
 * scalers, the CLI or the registry's REST API) and operators' decisions about them.
 */
package dev.baton.contracts.registration;
