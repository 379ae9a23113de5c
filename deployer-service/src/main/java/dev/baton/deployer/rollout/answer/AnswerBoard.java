package dev.baton.deployer.rollout.answer;

import java.util.Map;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.ConcurrentHashMap;

import dev.baton.contracts.CommandId;
import dev.baton.contracts.Endpoint;
import dev.baton.contracts.ServiceName;
import dev.baton.contracts.StepId;
import dev.baton.contracts.health.VerdictIssued;
import dev.baton.contracts.nginx.CommandRejected;
import dev.baton.contracts.nginx.NginxEvent;
import dev.baton.contracts.nginx.NodeForgotten;
import dev.baton.contracts.nginx.NodeLeft;
import dev.baton.contracts.nginx.PeerApplied;
import dev.baton.contracts.nginx.PeerDrainTimedOut;
import dev.baton.contracts.nginx.PeerDrained;
import dev.baton.contracts.nginx.PeerStats;
import dev.baton.deployer.canary.PeerStatsBoard;

/**
 * Where listeners drop the answers of nginx nodes and health-service, and where the
 * rollout picks them up: by command id and by step id, never by time. A wait is
 * registered before its command is published, so no answer can come too early, and an
 * answer nobody waits for (a replay, another deployer's) is ignored. The nodes' traffic
 * figures go to the bakes watching a canary ({@link PeerStatsBoard}).
 */
public final class AnswerBoard {

	private final PeerStatsBoard stats = new PeerStatsBoard();

	private final Map<CommandId, NodeAnswers> commands = new ConcurrentHashMap<>();

	private final Map<StepId, CompletableFuture<VerdictIssued>> verdicts = new ConcurrentHashMap<>();

	public NodeAnswers expectAnswers(CommandId commandId, ServiceName service, Endpoint peer) {
		NodeAnswers answers = new NodeAnswers(commandId, service, peer);
		this.commands.put(commandId, answers);
		return answers;
	}

	public CompletableFuture<VerdictIssued> expectVerdict(StepId stepId) {
		return this.verdicts.computeIfAbsent(stepId, (id) -> new CompletableFuture<>());
	}

	public PeerStatsBoard stats() {
		return this.stats;
	}

	public void forget(CommandId commandId) {
		this.commands.remove(commandId);
	}

	public void forget(StepId stepId) {
		this.verdicts.remove(stepId);
	}

	/**
	 * Takes an nginx node's event: an answer to a command someone waits for, a later
	 * report about a peer, a node leaving the set the waiters wait for, or what a node
	 * saw of the peers' traffic.
	 * @param event the event
	 */
	public void onNginxEvent(NginxEvent event) {
		if (event instanceof PeerDrained drained) {
			answer(drained.commandId(), event);
		}
		else if (event instanceof PeerDrainTimedOut timedOut) {
			answer(timedOut.commandId(), event);
		}
		else if (event instanceof CommandRejected rejected) {
			answer(rejected.commandId(), event);
		}
		else if (event instanceof PeerApplied applied) {
			answer(applied.commandId(), event);
			this.commands.values().forEach((answers) -> answers.later(applied));
		}
		else if (event instanceof NodeLeft || event instanceof NodeForgotten) {
			this.commands.values().forEach(NodeAnswers::nudge);
		}
		else if (event instanceof PeerStats figures) {
			this.stats.offer(figures);
		}
	}

	/**
	 * Takes a verdict; only one that names a restart step someone waits for matters.
	 * @param verdict the verdict
	 */
	public void onVerdict(VerdictIssued verdict) {
		if (verdict.answersStep() != null) {
			CompletableFuture<VerdictIssued> waiter = this.verdicts.get(verdict.answersStep());
			if (waiter != null) {
				waiter.complete(verdict);
			}
		}
	}

	private void answer(CommandId commandId, NginxEvent event) {
		NodeAnswers answers = this.commands.get(commandId);
		if (answers != null) {
			answers.answer(event);
		}
	}

}
