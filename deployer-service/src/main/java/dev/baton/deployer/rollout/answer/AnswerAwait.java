package dev.baton.deployer.rollout.answer;

import java.time.Clock;
import java.time.Duration;
import java.time.Instant;
import java.util.LinkedHashSet;
import java.util.Map;
import java.util.Set;
import java.util.concurrent.CompletableFuture;
import java.util.function.Predicate;

import dev.baton.contracts.NodeId;
import dev.baton.contracts.nginx.NginxEvent;
import dev.baton.deployer.fleet.ChangeSignal;
import dev.baton.deployer.fleet.NginxNodes;

/**
 * Waits until every awaited node has answered a command, left the set of nodes to wait
 * for (it said so, an operator forgot it, or it expired), or the timeout runs out. A node
 * that merely stays silent is waited for until the deadline: silence is not an answer. It
 * wakes on each answer or removal and at the moment an awaited node would expire, never
 * on a fixed period.
 */
public final class AnswerAwait {

	private final NginxNodes nodes;

	private final Clock clock;

	public AnswerAwait(NginxNodes nodes, Clock clock) {
		this.nodes = nodes;
		this.clock = clock;
	}

	public Settled await(NodeAnswers answers, Set<NodeId> expected, Predicate<NginxEvent> settles, Duration timeout)
			throws InterruptedException {
		Instant deadline = this.clock.instant().plus(timeout);
		Set<NodeId> waitingFor = new LinkedHashSet<>(expected);
		Set<NodeId> left = new LinkedHashSet<>();
		while (true) {
			CompletableFuture<Void> change = answers.nextChange();
			Map<NodeId, NginxEvent> received = answers.answers();
			waitingFor.removeIf((node) -> received.containsKey(node) && settles.test(received.get(node)));
			for (NodeId node : Set.copyOf(waitingFor)) {
				if (!this.nodes.isMember(node)) {
					waitingFor.remove(node);
					left.add(node);
				}
			}
			Instant now = this.clock.instant();
			if (waitingFor.isEmpty() || !now.isBefore(deadline)) {
				return new Settled(received, Set.copyOf(left), Set.copyOf(waitingFor));
			}
			// a millisecond past the wake-up, so the next look finds the deadline reached
			ChangeSignal.awaitAtMost(change, Duration.between(now, wakeUp(waitingFor, deadline)).plusMillis(1));
		}
	}

	private Instant wakeUp(Set<NodeId> waitingFor, Instant deadline) {
		Instant wake = deadline;
		for (NodeId node : waitingFor) {
			Instant expiry = this.nodes.expiresAt(node).orElse(deadline);
			wake = expiry.isBefore(wake) ? expiry : wake;
		}
		return wake;
	}

}
