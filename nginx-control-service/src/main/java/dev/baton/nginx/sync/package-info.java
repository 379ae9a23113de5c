/**
 * Keeping nginx equal to the desired state and answering for it: gate commands in,
 * coalesced peer-set pushes, a reconcile loop that repairs drift and restarts of nginx,
 * drain tracking on in-flight counts, and heartbeats.
 */
package dev.baton.nginx.sync;
