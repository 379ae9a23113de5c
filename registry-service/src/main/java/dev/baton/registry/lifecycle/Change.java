package dev.baton.registry.lifecycle;

import java.util.List;

import dev.baton.contracts.registry.InstanceSnapshot;

/**
 * What one message does to one instance: its snapshot before (null when new) and after,
 * and the lifecycle transitions on the way, for the audit trail.
 *
 * @param before the snapshot before, or null for a new instance
 * @param after the snapshot after
 * @param transitions the lifecycle transitions, in order; empty when only details changed
 * @param actor who caused the change
 * @param reason why
 */
public record Change(InstanceSnapshot before, InstanceSnapshot after, List<Transition> transitions, String actor,
		String reason) {

	public Change {
		transitions = List.copyOf(transitions);
	}

}
