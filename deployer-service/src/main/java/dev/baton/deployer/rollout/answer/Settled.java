package dev.baton.deployer.rollout.answer;

import java.util.Map;
import java.util.Set;

import dev.baton.contracts.NodeId;
import dev.baton.contracts.nginx.NginxEvent;

/**
 * How a wait for node answers ended.
 *
 * @param answers what each answering node said
 * @param left nodes that left the set of nodes to wait for while awaited
 * @param missing nodes that did not answer in time
 */
public record Settled(Map<NodeId, NginxEvent> answers, Set<NodeId> left, Set<NodeId> missing) {

	public boolean complete() {
		return this.missing.isEmpty();
	}

}
