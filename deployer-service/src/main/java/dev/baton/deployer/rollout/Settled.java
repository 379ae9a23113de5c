package dev.baton.deployer.rollout;

import java.util.Map;
import java.util.Set;

import dev.baton.contracts.NodeId;
import dev.baton.contracts.nginx.NginxEvent;

/**
 * How a wait for node answers ended.
 *
 * @param answers what each answering node said
 * @param lost nodes that stopped heartbeating and were no longer waited for
 * @param missing live nodes that did not answer in time
 */
record Settled(Map<NodeId, NginxEvent> answers, Set<NodeId> lost, Set<NodeId> missing) {

	boolean complete() {
		return this.missing.isEmpty();
	}

}
