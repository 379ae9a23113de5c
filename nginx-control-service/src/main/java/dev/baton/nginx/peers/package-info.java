/**
 * The desired peer sets: every peer's gates as {@code nginx.commands} last set them, and
 * the effective state they add up to (up only when every gate is open).
 */
package dev.baton.nginx.peers;
