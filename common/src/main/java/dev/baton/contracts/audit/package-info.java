/**
 * Messages on {@code audit}: who did what, when and why, from every service.
 */
package dev.baton.contracts.audit;
