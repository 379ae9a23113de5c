/**
 * Spring wiring of the deployer: its one configuration record, the domain objects as
 * beans, the topics it owns and the executor deploys run on.
 */
package dev.baton.deployer.config;
