/**
 * Long-lived connections, as Baton must deploy around them: a WebSocket echo on
 * {@code /ws}, a server-sent event stream on {@code /events} and a long poll on
 * {@code /poll}, each telling its client which instance answers, and each closed by the
 * app itself when it is asked to shut down.
 */
package dev.baton.sample.live;
