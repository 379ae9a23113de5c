package dev.baton.deployer.rollout.step;

import java.util.Set;

import dev.baton.contracts.NodeId;

/**
 * A drain that not every node confirmed: one stayed silent until the deadline, rejected
 * the command, or no node at all was there to answer. The instance may still receive
 * requests, so it must not be restarted, whatever phase the deploy is in.
 */
public final class DrainUnconfirmed extends DeployFailure {

	private final Set<NodeId> unconfirmed;

	DrainUnconfirmed(String reason, Set<NodeId> unconfirmed) {
		super(reason);
		this.unconfirmed = Set.copyOf(unconfirmed);
	}

	/**
	 * The nodes that did not confirm, which need not be waited for again when the gate is
	 * reopened.
	 * @return the nodes
	 */
	public Set<NodeId> unconfirmed() {
		return this.unconfirmed;
	}

}
