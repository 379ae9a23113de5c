/**
 * Messages on compacted {@code nginx.commands} (the desired state of every peer's gates)
 * and on {@code nginx.events} (what each nginx node did about them).
 */
package dev.baton.contracts.nginx;
