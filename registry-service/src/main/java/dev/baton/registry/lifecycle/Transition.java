package dev.baton.registry.lifecycle;

import dev.baton.contracts.registry.Lifecycle;

/**
 * One step of an instance's lifecycle.
 *
 * @param from the lifecycle before, or null for a new instance
 * @param to the lifecycle after
 */
public record Transition(Lifecycle from, Lifecycle to) {

}
