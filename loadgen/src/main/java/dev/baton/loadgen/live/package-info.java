/**
 * Long-lived clients: WebSockets that echo a message every second and event streams read
 * to their end, each reconnecting when its connection closes, each connection written as
 * one JSON line to a log that a checker reads later, and counted as it ends.
 * {@link dev.baton.loadgen.live.LongLivedClients} starts and stops them.
 */
package dev.baton.loadgen.live;
