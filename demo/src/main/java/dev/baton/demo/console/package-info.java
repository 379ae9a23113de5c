/**
 * {@code ./baton console-check}: the ops console in a real headless Chromium, against the
 * real stack.
 */
package dev.baton.demo.console;
