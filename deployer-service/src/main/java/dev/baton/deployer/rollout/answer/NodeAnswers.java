package dev.baton.deployer.rollout.answer;

import java.util.Map;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.ConcurrentHashMap;

import dev.baton.contracts.CommandId;
import dev.baton.contracts.Endpoint;
import dev.baton.contracts.NodeId;
import dev.baton.contracts.ServiceName;
import dev.baton.contracts.nginx.NginxEvent;
import dev.baton.contracts.nginx.PeerApplied;

/**
 * The answers nginx nodes gave to one gate command. Each answer completes the future a
 * waiter holds, so the waiter wakes on news, not on a timer.
 */
public final class NodeAnswers {

	private final CommandId commandId;

	private final ServiceName service;

	private final Endpoint peer;

	private final Map<NodeId, NginxEvent> answers = new ConcurrentHashMap<>();

	private CompletableFuture<Void> change = new CompletableFuture<>();

	NodeAnswers(CommandId commandId, ServiceName service, Endpoint peer) {
		this.commandId = commandId;
		this.service = service;
		this.peer = peer;
	}

	public CommandId commandId() {
		return this.commandId;
	}

	/**
	 * Records a node's answer. A node that reported the peer up keeps that answer.
	 * @param answer the answer
	 */
	void answer(NginxEvent answer) {
		this.answers.merge(answer.nodeId(), answer, (old, fresh) -> isUp(old) ? old : fresh);
		signal();
	}

	/**
	 * Counts a later report that the peer is up from a node that had already applied this
	 * command while another gate still held the peer back.
	 * @param applied a report about the same peer, for any command
	 */
	void later(PeerApplied applied) {
		if (applied.up() && applied.service().equals(this.service) && applied.endpoint().equals(this.peer)
				&& this.answers.get(applied.nodeId()) instanceof PeerApplied earlier && !earlier.up()) {
			this.answers.put(applied.nodeId(), applied);
			signal();
		}
	}

	/**
	 * Wakes the waiter without an answer: a node left the set it waits for.
	 */
	void nudge() {
		signal();
	}

	Map<NodeId, NginxEvent> answers() {
		return Map.copyOf(this.answers);
	}

	/**
	 * The future completed by the next answer; take it before reading the answers.
	 * @return the future
	 */
	synchronized CompletableFuture<Void> nextChange() {
		return this.change;
	}

	private synchronized void signal() {
		CompletableFuture<Void> done = this.change;
		this.change = new CompletableFuture<>();
		done.complete(null);
	}

	private static boolean isUp(NginxEvent event) {
		return event instanceof PeerApplied applied && applied.up();
	}

}
