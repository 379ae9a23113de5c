/**
 * The nginx side: the configuration and Lua files nginx-control generates, the nginx it
 * runs in managed mode (its process group and pid file, so a later start adopts or stops
 * it), and the HTTP client of the Lua control endpoint that replaces peer sets and reads
 * in-flight counts and the epoch.
 */
package dev.baton.nginx.dataplane;
