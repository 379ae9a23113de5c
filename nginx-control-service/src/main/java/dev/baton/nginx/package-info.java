/**
 * nginx-control-service: one node per nginx, driving its upstreams from
 * {@code nginx.commands} without reloads and answering on {@code nginx.events}.
 */
package dev.baton.nginx;
