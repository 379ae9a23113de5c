/**
 * Messages on {@code deploy.requests} (what CI asks for) and {@code deploy.steps} (every
 * step the deployer takes, so CI and operators can follow one deploy id).
 */
package dev.baton.contracts.deploy;
