/**
 * The nginx side: the configuration and Lua files nginx-control generates, the nginx it
 * runs in managed mode, and the HTTP client of the Lua control endpoint that replaces
 * peer sets and reads in-flight counts and the epoch.
 */
package dev.baton.nginx.dataplane;
