/**
 * Keeping nginx equal to the desired state and answering for it: gate commands in,
 * coalesced peer-set pushes, a reconcile loop that repairs drift and restarts of nginx,
 * drain tracking on in-flight counts with live in-flight reports, the answers still owed
 * after a restart, and the node's presence (heartbeats, {@code NodeLeft}). Each command
 * is measured through {@link dev.baton.nginx.sync.NodeMetrics} and named in the logging
 * context while it is handled and answered.
 */
package dev.baton.nginx.sync;
