package dev.baton.deployer.fleet;

import dev.baton.contracts.NodeId;

/**
 * Told once each time a node leaves the set of nodes a deploy waits for, so that every
 * removal is on the audit trail: a node that is no longer waited for is one whose silence
 * would otherwise have stopped a deploy.
 */
@FunctionalInterface
public interface NodeRemovals {

	/**
	 * A node left the set.
	 * @param node the node
	 * @param action {@code node.left}, {@code node.forgotten} or {@code node.expired}
	 * @param reason why, in words
	 */
	void removed(NodeId node, String action, String reason);

}
