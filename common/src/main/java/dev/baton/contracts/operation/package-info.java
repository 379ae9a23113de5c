/**
 * Messages on {@code operations}: operators' decisions about instances (approve, offline,
 * online). Only operators, the console, the registry (for its admin API) and the deployer
 * (for the instances its surge deploys start) may write there; the same record on
 * {@code registrations}, which apps and scalers write, is dead-lettered.
 */
package dev.baton.contracts.operation;
