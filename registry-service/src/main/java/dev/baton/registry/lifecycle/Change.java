package dev.baton.registry.lifecycle;

import java.util.List;
import java.util.Objects;

import dev.baton.contracts.Version;
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

	/**
	 * Whether the registry starts refusing the version the instance reports: it did not
	 * refuse it before, or the instance reported another one. A verdict restated, or the
	 * same version judged again, is no new refusal.
	 * @return true when the HEALTH gate stays closed for a new reason of version
	 */
	public boolean refusesVersion() {
		return this.after.versionRefused() && (this.before == null || !this.before.versionRefused()
				|| !Objects.equals(reported(this.before), reported(this.after)));
	}

	/**
	 * Whether the registry stops refusing the version of a healthy instance.
	 * @return true when the HEALTH gate opens because the version is expected now
	 */
	public boolean acceptsVersion() {
		return this.before != null && this.before.versionRefused() && this.after.healthGateOpen();
	}

	private static Version reported(InstanceSnapshot snapshot) {
		return (snapshot.lastHealth() != null) ? snapshot.lastHealth().version() : null;
	}

}
