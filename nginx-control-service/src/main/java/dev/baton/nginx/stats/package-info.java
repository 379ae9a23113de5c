/**
 * The peers' request statistics: nginx's counters read every interval and turned into
 * what happened over it, published as {@code PeerStats} while a deploy or a ramp runs and
 * counted in the node's metrics always.
 */
package dev.baton.nginx.stats;
