/**
 * The sample app's settings ({@code sample.*}) and its simulated start-up.
 */
package dev.baton.sample.config;
